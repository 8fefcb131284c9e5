import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { readRegularFileSync } from '../util/regular-file.js';
import type { Article, ContentModel, Resource } from '../content/model.js';
import { premiumSlugs } from '../emit/context.js';
import { documentName } from '../emit/helpers/shown-documents.js';
import { carryDigests, contentDigest, metadataOf, ownFields, structureOf } from '../emit/helpers/document-digests.js';
import { builtinTemplatesDir } from '../util/paths.js';
import { compilerKey } from '../cache/compiler-key.js';
import { sha256 } from '../util/sha256.js';

function hashTemplates(hash: ReturnType<typeof createHash>, folder: string | undefined): void {
  if (!folder || !fs.existsSync(folder)) return;
  for (const file of fg.sync('**/*', { cwd: folder }).sort()) {
    // A template that is no regular file is refused when it is rendered; here it only keys nothing.
    const read = readRegularFileSync(path.join(folder, file));
    hash.update(file).update(read.ok ? read.bytes : `refused: ${read.refusal.reason}`);
  }
}

/**
 * What pages depend on besides their own document: the compiler, templates, site settings, build
 * date, clusters and paths, and the metadata (never the bodies) of all documents, which pages show
 * in navigation, breadcrumbs and listings. `pages` covers all of it (listing pages, discovery files);
 * `documents` is what every document's own files (its page and variants) depend on besides itself
 * and the documents they show (documentKey): the same without the titles and descriptions of
 * documents, which those files show only of the documents shownDocuments names.
 */
export function contextKeys(model: ContentModel, buildDate: string): { pages: string; documents: string } {
  const shared = createHash('sha256').update(compilerKey()).update(JSON.stringify(model.site)).update(buildDate);
  hashTemplates(shared, builtinTemplatesDir);
  hashTemplates(shared, model.site.templates ? path.resolve(model.dir, model.site.templates) : undefined);
  shared.update(
    JSON.stringify(
      model.clusters.map(({ id, title, status, description, target_query, started, target_subs }) => [
        id,
        title,
        status,
        description,
        target_query,
        started,
        target_subs,
      ]),
    ),
  );
  shared.update(JSON.stringify(model.paths));
  const common = shared.digest('hex');
  // One text of every document's digest, hashed at once: an update per document costs more than the digest.
  const over = (describe: (document: Resource | Article) => string) =>
    sha256(common + [...model.resources, ...model.articles].map(describe).join(''));
  return { pages: over(metadataOf), documents: over(structureOf) };
}

/**
 * What every document's part of a site-wide export depends on besides the document: the compiler,
 * the site settings (its URL above all) and which resources are premium (free bodies link premium
 * ones to their previews). Unlike the page context, other documents' titles do not matter.
 */
export function exportContextKey(model: ContentModel): string {
  return createHash('sha256')
    .update(compilerKey())
    .update(JSON.stringify(model.site))
    .update(premiumSlugs(model).join(' '))
    .digest('hex');
}

/**
 * The key of one document's own outputs: the document context (contextKeys), its full text,
 * and the titles and descriptions of the documents its files show (shownDocuments).
 */
export function documentKey(context: string, document: Resource | Article, shown: (Resource | Article)[]): string {
  let text = context + contentDigest(document);
  for (const other of shown) text += JSON.stringify([documentName(other), other.title, other.description]);
  return sha256(text);
}

/** The key of a page that lists `documents`: the document context (contextKeys) and their metadata. */
export function listingKey(context: string, path: string, documents: (Resource | Article)[]): string {
  return sha256(`${context}\0listing\0${path}${documents.map(metadataOf).join('')}`);
}

/** The key of everything an emitter that reads only metadata makes: the page context and the emitter. */
export function metadataEmitterKey(context: string, emitter: string): string {
  return createHash('sha256').update(context).update('\0emitter\0').update(emitter).digest('hex');
}

/**
 * The model as an emitter keyed by `metadataEmitterKey` may see it: every document without the
 * fields the page context leaves out. Reading one throws, so an emitter listed as metadata-only
 * that starts to read bodies fails its tests instead of keeping stale pages.
 */
export function metadataModel(model: ContentModel): ContentModel {
  return modelWithout(
    model,
    ownFields,
    'An emitter listed as reading only metadata',
    'move it to the emitters that read text (src/compile/build.ts)',
  );
}

/**
 * The model with `fields` of every document left out: reading one throws an error that names
 * `reader` and says what to do, so code that must not read them cannot quietly get nothing.
 */
export function modelWithout(
  model: ContentModel,
  fields: ReadonlySet<string>,
  reader: string,
  fix: string,
): ContentModel {
  const leftOut = throwingFields(fields, reader, fix);
  const views = new Map<Resource | Article, Resource | Article>();
  // Without only a document's own fields, a view has the document's metadata, and so its digests.
  const sameMetadata = [...fields].every((field) => ownFields.has(field));
  function view<T extends Resource | Article>(document: T): T {
    const copy = Object.create(leftOut) as T;
    // By name: reading a left-out field (a body still in the parse cache) would cost what leaving it out saves.
    for (const field of Object.keys(document))
      if (!fields.has(field)) (copy as unknown as Record<string, unknown>)[field] = document[field as keyof T];
    if (sameMetadata) carryDigests(document, copy);
    views.set(document, copy);
    return copy;
  }
  const clusters = model.clusters.map((cluster) => ({
    ...cluster,
    pillar: view(cluster.pillar),
    subs: cluster.subs.map(view),
  }));
  return {
    ...model,
    resources: model.resources.map(view),
    clusters,
    articles: model.articles.map((article) => views.get(article) as Article),
  };
}

/** The prototype of the views of one call: a throwing getter per left-out field, shared by all its views. */
function throwingFields(fields: ReadonlySet<string>, reader: string, fix: string): object {
  return Object.create(
    Object.prototype,
    Object.fromEntries(
      [...fields].map((field) => [
        field,
        {
          get(this: { slug?: string }) {
            throw new Error(`${reader} read \`${field}\` of \`${this.slug}\`: ${fix}. This is a bug in agentdir.`);
          },
        },
      ]),
    ),
  );
}
