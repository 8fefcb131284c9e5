import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import type { Article, ContentModel, Resource } from '../content/model.js';
import { builtinTemplatesDir } from '../util/paths.js';
import { compilerKey } from './compiler-key.js';
import type { WrittenFile } from './staged-output.js';
import { manifestName, type BuildManifest } from './up-to-date.js';

/** Fields that are the document's own text or bookkeeping, not metadata other pages can show. */
const ownFields = new Set(['body', 'rendered', 'source', 'file', 'bodyLineOffset']);

function metadataOf(document: Resource | Article): string {
  return JSON.stringify(document, (key, value) => (ownFields.has(key) ? undefined : value));
}

function hashTemplates(hash: ReturnType<typeof createHash>, folder: string | undefined): void {
  if (!folder || !fs.existsSync(folder)) return;
  for (const file of fg.sync('**/*', { cwd: folder }).sort()) hash.update(file).update(fs.readFileSync(path.join(folder, file)));
}

/**
 * What every page depends on besides its own document: the compiler, templates, site settings,
 * build date, and the metadata (never the bodies) of all documents, clusters and paths, which
 * pages show in navigation, breadcrumbs and listings.
 */
export function pageContextKey(model: ContentModel, buildDate: string): string {
  const hash = createHash('sha256').update(compilerKey()).update(JSON.stringify(model.site)).update(buildDate);
  hashTemplates(hash, builtinTemplatesDir);
  hashTemplates(hash, model.site.templates ? path.resolve(model.dir, model.site.templates) : undefined);
  for (const document of [...model.resources, ...model.articles]) hash.update(metadataOf(document));
  hash.update(JSON.stringify(model.clusters.map(({ id, title, status, description, target_query, started, target_subs }) => [id, title, status, description, target_query, started, target_subs])));
  hash.update(JSON.stringify(model.paths));
  return hash.digest('hex');
}

/** The key of one document's own outputs: the page context plus its full text. */
export function documentKey(context: string, document: Resource | Article): string {
  return createHash('sha256').update(context).update(metadataOf(document)).update(document.body).digest('hex');
}

/**
 * Reuses outputs of the previous build whose key is unchanged, by hard-linking them into the
 * staging folder: an unchanged page is neither rendered nor written again. All or nothing per
 * document, and only files whose size still matches the previous manifest.
 */
export class OutputReuse {
  private readonly previous = new Map<string, { bytes: number; key?: string }>();

  constructor(
    private readonly outDir: string,
    private readonly stagingDir: string,
  ) {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, manifestName), 'utf8')) as BuildManifest;
      for (const [file, bytes, key] of manifest.files) this.previous.set(file, { bytes, ...(key ? { key } : {}) });
    } catch {
      // No previous build to reuse: every page is rendered.
    }
  }

  /** Links the previous files into staging and returns them, or null when any of them cannot be reused. */
  tryReuse(key: string, paths: string[]): WrittenFile[] | null {
    if (!this.previous.size) return null;
    const reused: WrittenFile[] = [];
    for (const file of paths) {
      const entry = this.previous.get(file);
      if (!entry || entry.key !== key) return null;
      const stat = fs.statSync(path.join(this.outDir, file), { throwIfNoEntry: false });
      if (!stat || stat.size !== entry.bytes) return null;
      reused.push({ path: file, bytes: entry.bytes, key });
    }
    const linked: string[] = [];
    try {
      for (const file of paths) {
        const target = path.join(this.stagingDir, file);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.linkSync(path.join(this.outDir, file), target);
        linked.push(target);
      }
    } catch {
      // Another file system, or a link limit: undo and render instead.
      for (const target of linked) fs.rmSync(target, { force: true });
      return null;
    }
    return reused;
  }
}
