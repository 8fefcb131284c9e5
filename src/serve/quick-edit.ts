import path from 'node:path';
import { createEmitContext } from '../compile/build.js';
import { leakGuard } from '../compile/premium-guard.js';
import { cachedPremiumSentences } from '../compile/premium-sentence-cache.js';
import { readContentFile } from '../content/content-file.js';
import { loadContent } from '../content/load-content.js';
import { assembleResources } from '../content/load-resources.js';
import type { Resource } from '../content/model.js';
import { parseDocument } from '../content/parse-document.js';
import { schemaRegistry } from '../schemas/registry.js';
import type { EmitContext } from '../emit/context.js';
import { contentText, type OutputFile } from '../emit/output.js';
import { categoryPage, categoryPages } from '../emit/category-pages.js';
import { carryListings, categoryEntries } from '../emit/helpers/listing-items.js';
import { homePage } from '../emit/pages.js';
import { siteTags, tagPage, tagPages } from '../emit/tag-pages.js';
import { resourceFiles } from '../emit/resource-variants.js';
import { articleFiles } from '../emit/article-variants.js';
import { emitLearningPathMarkdown, emitLearningPathPages } from '../emit/learning-path-pages.js';
import { shownDocuments } from '../emit/helpers/shown-documents.js';
import { agentView } from '../content/agent-view.js';
import type { Article, ContentModel } from '../content/model.js';
import type { SiteBuildOptions } from './site-build.js';
import { type EditSession, editSession } from './edit-session.js';

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
  return editSession(
    createEmitContext(model, options.sourceDateEpoch),
    cachedPremiumSentences(model, options.cacheDir),
  );
}

const validator = (kind: 'resource' | 'article') => schemaRegistry().validator(`${kind}.frontmatter`);

/** A content file's text as the build would read it; undefined when the build would refuse it (it says why). */
function readText(root: string, file: string): string | undefined {
  const read = readContentFile(root, file);
  return read.ok ? read.text : undefined;
}

/**
 * Everything about a resource but its body, title and description: what decides where it is listed
 * and how every other page is built. An edit that changes it needs a build.
 */
function placeOf(resource: Resource): string {
  // Own fields only: the session's documents have no body of their own to read (see edit-session.ts).
  return JSON.stringify(Object.fromEntries(Object.entries(resource).filter(([field]) => !editableFields.has(field))));
}

const editableFields = new Set(['rendered', 'body', 'title', 'description']);

/**
 * The listing pages that show the resources' titles and descriptions: the page of their category
 * and of each of their tags that lists them (of a listing cut into pages, only that one), the home
 * page; each once.
 */
function* listingPages(resources: Resource[], context: EmitContext): Generator<OutputFile> {
  if (!resources.length) return;
  const shown = new Set(resources);
  const categories = new Set(resources.map((resource) => resource.category));
  const tags = new Set(resources.flatMap((resource) => resource.tags));
  for (const entry of categoryEntries(context)) {
    if (!categories.has(entry.id)) continue;
    for (const page of categoryPages(entry, context))
      if (page.items.some((resource) => shown.has(resource))) yield categoryPage(entry, page, context);
  }
  for (const entry of siteTags(context)) {
    if (!tags.has(entry.tag)) continue;
    for (const page of tagPages(entry, context))
      if (page.items.some((document) => shown.has(document as Resource))) yield tagPage(entry, page, context);
  }
  yield { path: 'public/index.html', content: homePage(context) };
}

/**
 * The files of the guides that cite the retitled resources (their related resources show their titles).
 * The session holds no guide bodies, so each guide's body is parsed again from its file; its
 * front matter is the session's, as the build that follows will find it unless the guide was
 * edited too (then that edit has its own look coming, and this one only shows newer text).
 */
function* citingGuideFiles(resources: Resource[], context: EmitContext): Generator<OutputFile> {
  const { model } = context;
  // Each guide once, however many of the retitled resources it cites.
  const guides = new Set(resources.flatMap((resource) => shownDocuments(resource, model) as Article[]));
  for (const guide of guides) {
    const text = readText(model.dir, guide.file);
    const parsed =
      text === undefined ? undefined : parseDocument({ file: guide.file, text, kind: 'article' }, validator('article'));
    if (!parsed?.rendered || parsed.problems.length) throw new Error(`${guide.file} needs a build`);
    const cluster = model.clusters.find((candidate) => candidate.id === guide.clusterId);
    if (!cluster) throw new Error(`${guide.file} has no cluster`);
    const whole: Article = { ...guide, body: parsed.body, rendered: parsed.rendered };
    yield* articleFiles(whole, cluster, context);
  }
}

/** The learning paths with one of `resources` as a step: their pages show its title and count its words. */
function* learningPathFiles(resources: Resource[], context: EmitContext): Generator<OutputFile> {
  const slugs = new Set(resources.map((resource) => resource.slug));
  // Most resources are on no path: then nothing is rendered, and no lookup of every resource is made.
  if (!context.model.paths.some((learningPath) => learningPath.steps.some((slug) => slugs.has(slug)))) return;
  const onPath = (model: ContentModel): ContentModel => ({
    ...model,
    paths: model.paths.filter((learningPath) => learningPath.steps.some((slug) => slugs.has(slug))),
  });
  yield* emitLearningPathPages({ ...context, model: onPath(context.model) });
  yield* emitLearningPathMarkdown({ ...context, model: onPath(agentView(context.model)) });
}

/**
 * The new pages of an edit that changed only the bodies, titles or descriptions of free resources:
 * each edited file parsed again, and its page and variants (and, for a new title or description,
 * the listing pages that show it) rendered against the last build's context, exactly as a build
 * renders them. Undefined when the edit is anything else (another front-matter field, a new or
 * deleted file, a premium resource, a problem): then only a build can say what changed. The
 * site-wide files (indexes, exports, llms.txt) are left to the build that follows.
 */
export function quickEdit(session: EditSession, files: string[], options: SiteBuildOptions): MemoryFile[] | undefined {
  const contentDir = path.resolve(options.contentDir);
  const resourcesDir = path.join(contentDir, 'resources');
  const { model } = session.context;
  const edited: Resource[] = [];
  const relisted: Resource[] = [];
  for (const file of new Set(files)) {
    // An editor's swap, backup and temporary files sit beside the resources; the build reads only *.md.
    if (path.dirname(file) === resourcesDir && !file.endsWith('.md')) continue;
    const position = session.positions.get(file);
    const before = position === undefined ? undefined : model.resources[position];
    if (!before || before.premium) return undefined;
    const text = readText(contentDir, file);
    if (text === undefined) return undefined;
    // Not through the parse cache: saving it keeps only the entries of the documents parsed.
    const parsed = parseDocument({ file, text, kind: 'resource' }, validator('resource'));
    const assembled = assembleResources([file], [parsed]);
    const resource = assembled.resources[0];
    if (assembled.problems.length || !resource || placeOf(resource) !== placeOf(before)) return undefined;
    edited.push(resource);
    if (resource.title !== before.title || resource.description !== before.description) relisted.push(resource);
  }
  if (!edited.length) return undefined;
  const resources = model.resources.slice();
  for (const resource of edited) resources[session.positions.get(resource.file)!] = resource;
  const context = { ...session.context, model: { ...model, resources } };
  // Edits keep every resource's category (placeOf): the categories, and the cards of the resources
  // not edited, are the session's.
  carryListings(session.context, context);
  const inspect = leakGuard(session.sentences);
  const pages = new Map<string, string>();
  const rendered = function* () {
    for (const resource of edited) yield* resourceFiles(resource, context);
    yield* listingPages(relisted, context);
    yield* citingGuideFiles(relisted, context);
    yield* learningPathFiles(edited, context);
  };
  try {
    for (const file of rendered()) {
      const content = contentText(file);
      inspect(file.path, content);
      pages.set(file.path, content);
    }
  } catch {
    // A page that would carry premium prose, that reads what the session left out, or a guide that no
    // longer parses: the build says what is right.
    return undefined;
  }
  // The next edit compares with these documents, as the build that follows will.
  session.context = context;
  return [...pages].map(([path, content]) => ({ path, content }));
}
