import fs from 'node:fs';
import path from 'node:path';
import { createEmitContext } from '../build/build.js';
import { leakGuard, premiumSentences, type PremiumSentence } from '../build/premium-guard.js';
import { decodeContentText } from '../content/content-file.js';
import { loadContent } from '../content/load-content.js';
import { assembleResources } from '../content/load-resources.js';
import type { Resource } from '../content/model.js';
import { parseDocument } from '../content/parse-document.js';
import { schemaRegistry } from '../schemas/registry.js';
import type { EmitContext } from '../emit/context.js';
import { contentText } from '../emit/output.js';
import { resourceFiles } from '../emit/resource-variants.js';
import type { SiteBuildOptions } from './site-build.js';

/** What the last good build leaves in memory so an edit of one body can be answered without a build. */
export interface EditSession {
  context: EmitContext;
  sentences: PremiumSentence[];
}

/** A page of the site as served: its path under `public/` and its bytes. */
export interface MemoryFile {
  path: string;
  content: string;
}

/** The session of content that is already built (no build ran on start): loaded from the parse cache. */
export async function loadEditSession(options: SiteBuildOptions): Promise<EditSession | undefined> {
  const { model } = await loadContent(options.contentDir, {
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    cacheDir: options.cacheDir,
  });
  if (!model) return undefined;
  return { context: createEmitContext(model, options.sourceDateEpoch), sentences: premiumSentences(model) };
}

const validator = () => schemaRegistry().validator('resource.frontmatter');

/** Everything about a resource but its body: what listing pages, indexes and every other page read. */
function metadataOf(resource: Resource): string {
  const { rendered: _rendered, body: _body, ...metadata } = resource;
  return JSON.stringify(metadata);
}

/**
 * The new pages of an edit that changed only the bodies of free resources: each edited file parsed
 * again and its page and variants rendered against the last build's context, exactly as a build
 * renders them. Undefined when the edit is anything else (a front-matter change, a new or deleted
 * file, a premium resource, a problem): then only a build can say what changed. The site-wide
 * files that hold every body are left to the build that follows.
 */
export function quickEdit(session: EditSession, files: string[], options: SiteBuildOptions): MemoryFile[] | undefined {
  const resourcesDir = path.join(path.resolve(options.contentDir), 'resources');
  const { model } = session.context;
  const known = new Map(model.resources.map((resource) => [resource.file, resource]));
  const edited: Resource[] = [];
  for (const file of new Set(files)) {
    // An editor's swap, backup and temporary files sit beside the resources; the build reads only *.md.
    if (path.dirname(file) === resourcesDir && !file.endsWith('.md')) continue;
    const before = known.get(file);
    if (!before || before.premium) return undefined;
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(file);
    } catch {
      return undefined;
    }
    const read = decodeContentText(file, bytes);
    if (!read.ok) return undefined;
    // Not through the parse cache: saving it keeps only the entries of the documents parsed.
    const parsed = parseDocument({ file, text: read.text, kind: 'resource' }, validator());
    const assembled = assembleResources([file], [parsed]);
    const resource = assembled.resources[0];
    if (assembled.problems.length || !resource || metadataOf(resource) !== metadataOf(before)) return undefined;
    edited.push(resource);
  }
  if (!edited.length) return undefined;
  const replaced = new Map(edited.map((resource) => [resource.file, resource]));
  const context = {
    ...session.context,
    model: { ...model, resources: model.resources.map((resource) => replaced.get(resource.file) ?? resource) },
  };
  const inspect = leakGuard(session.sentences);
  const pages: MemoryFile[] = [];
  for (const resource of edited) {
    for (const file of resourceFiles(resource, context)) {
      const content = contentText(file);
      try {
        inspect(file.path, content);
      } catch {
        return undefined;
      }
      pages.push({ path: file.path, content });
    }
  }
  // The next edit compares with these bodies' metadata, which is unchanged; the model keeps the new documents.
  session.context = context;
  return pages;
}
