import type { Article, ContentModel, Resource } from '../../content/model.js';
import { clusterArticles, resourcesBySlugOf } from './article-json.js';
import type { EmitContext } from '../context.js';
import type { OutputFile } from '../output.js';
import { joinedFields } from '../../util/joined-fields.js';

type Document = Resource | Article;

/** What names a document across copies of the model (a render thread has its own). */
export function documentName(document: Document): string {
  return `${'clusterId' in document ? 'article' : 'resource'}:${document.slug}`;
}

const citedBy = new WeakMap<ContentModel, Map<string, Article[]>>();

/** The guides that cite each resource, by slug, made once per model. */
function guidesCiting(model: ContentModel): Map<string, Article[]> {
  let index = citedBy.get(model);
  if (!index) {
    index = new Map();
    for (const article of model.articles)
      for (const slug of article.resources) {
        const citing = index.get(slug);
        if (citing) citing.push(article);
        else index.set(slug, [article]);
      }
    citedBy.set(model, index);
  }
  return index;
}

/**
 * The other documents whose title and description a document's own files show: a resource lists
 * the guides that cite it; a guide lists its cluster's guides and the resources it cites. A
 * document's key covers their titles and descriptions (see documentKey), so editing one title
 * renders again the pages that show it, not every page. Tag and category pages are keyed by the
 * documents they list (listingFile); other listing pages keep the key that covers all metadata.
 * The files of a document ask for any other document's listing item only through listing-items.ts,
 * which checks the document is named here (noteShown).
 */
export function shownDocuments(document: Document, model: ContentModel): Document[] {
  if (!('clusterId' in document)) return guidesCiting(model).get(document.slug) ?? [];
  const cluster = model.clusters.find((candidate) => candidate.id === document.clusterId);
  const resources = resourcesBySlugOf(model);
  return [
    ...(cluster ? clusterArticles(cluster).filter((other) => other.slug !== document.slug) : []),
    ...document.resources.flatMap((slug) => resources.get(slug) ?? []),
  ];
}

/** The document whose own files (or the listing page) are being rendered, and the documents they may show. */
let showing: { document: string; shown: Set<string>; ownFiles: boolean } | undefined;

/** True while a document's own files render: they are made once each, so what they list is not worth remembering. */
export function renderingOwnFiles(): boolean {
  return Boolean(showing?.ownFiles);
}

/**
 * What renders `document`'s own files, each with the check of what it shows: the documents it may
 * show are worked out once for all of its files.
 */
export function filesRenderer(document: Document, model: ContentModel): <T>(render: () => T) => T {
  const shown = new Set([document, ...shownDocuments(document, model)].map(documentName));
  return (render) => showingOnly(documentName(document), shown, render, true);
}

/**
 * A page that lists `documents` (a tag's, a category's), keyed by them: kept from the previous
 * build while they and what all documents' files share are unchanged, else rendered with the check
 * that it shows no other document. Undefined when it was kept. Without reuse, simply rendered.
 * `place` is what else the page shows of its listing (one page of several: which one, and how many
 * items the listing has), so a page whose own documents are unchanged is still made again when a
 * document added elsewhere in the listing changes its counts.
 */
export function listingFile(
  context: EmitContext,
  path: string,
  documents: Document[],
  render: () => OutputFile,
  place = '',
): OutputFile | undefined {
  const key = context.outputs?.listingKeyOf(place ? `${path}\0${place}` : path, documents);
  if (key && context.outputs!.keep(key, [path])) return undefined;
  return joinedFields(showingOnly(path, new Set(documents.map(documentName)), render), key ? { key } : {});
}

function showingOnly<T>(name: string, shown: Set<string>, render: () => T, ownFiles = false): T {
  const outer = showing;
  showing = { document: name, shown, ownFiles };
  try {
    return render();
  } finally {
    showing = outer;
  }
}

/** Called for every document a listing item is made of: while a document's files render, it must be one they may show. */
export function noteShown(document: Document): void {
  if (showing && !showing.shown.has(documentName(document)))
    throw new Error(
      `The files of ${showing.document} show ${documentName(document)}, which shownDocuments (src/emit/helpers/shown-documents.ts) does not name: its title could go stale. This is a bug in agentdir.`,
    );
}
