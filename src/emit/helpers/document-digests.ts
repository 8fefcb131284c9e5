import type { Article, Resource } from '../../content/model.js';
import { bodyDigestOf } from '../../content/lazy-body.js';
import { sha256 } from '../../util/sha256.js';

// Digests of documents that keys of outputs start from (src/compile/output-reuse.ts, the search
// index's parts): made once per document and build.

/** Fields that are the document's own text or bookkeeping, not metadata other pages can show. */
export const ownFields = new Set(['body', 'rendered', 'source', 'file', 'bodyLineOffset']);

/**
 * Metadata the own files of other documents show only when they name the document (shownDocuments):
 * those files' keys cover it for the documents they show, so the context of documents' files leaves it out.
 */
const shownFields = new Set([...ownFields, 'title', 'description']);

/** A document's two metadata digests: of all its metadata (metadataOf), and without its title and description (structureOf). */
export interface MetadataDigests {
  metadata: string;
  structure: string;
}

/** Each document's digests, made together once per document, or given by seedDigests. */
const digests = new WeakMap<Resource | Article, MetadataDigests>();

/**
 * Gives `document` the digests an earlier build made of the same metadata (see
 * src/compile/metadata-digest-memo.ts), so they are not made again.
 */
export function seedDigests(document: Resource | Article, made: MetadataDigests): void {
  digests.set(document, made);
}

/**
 * Gives `view` the digests already made of `document`, whose fields it holds but for some of its own
 * (ownFields), which the digests leave out: the listings of a build read such views (metadataModel),
 * and would otherwise digest every document twice.
 */
export function carryDigests(document: Resource | Article, view: Resource | Article): void {
  const made = digests.get(document);
  if (made) digests.set(view, made);
}

/**
 * Digests of a document's metadata as JSON: one of every field but its own (ownFields), one without
 * its title and description either. Digests rather than the JSON: at 50,000 documents the texts were
 * 100 MB held all build. One JSON text serves both: the whole metadata is the rest, then the title and description.
 */
export function digestsOf(document: Resource | Article): MetadataDigests {
  let made = digests.get(document);
  if (!made) {
    // The document's own fields but those, then plain JSON: a replacer function would be called
    // for every value at every depth (40 ms of a one-change build at 4,000 documents).
    const kept: Record<string, unknown> = {};
    for (const key of Object.keys(document))
      if (!shownFields.has(key)) kept[key] = document[key as keyof typeof document];
    const structure = JSON.stringify(kept);
    made = {
      structure: sha256(structure, 'base64'),
      metadata: sha256(`${structure}${JSON.stringify([document.title, document.description])}`, 'base64'),
    };
    digests.set(document, made);
  }
  return made;
}

/** A document's metadata: the page context and its own key both hash it. */
export function metadataOf(document: Resource | Article): string {
  return digestsOf(document).metadata;
}

/** A document's metadata but what other documents' own files show of it by name. */
export function structureOf(document: Resource | Article): string {
  return digestsOf(document).structure;
}

const contentDigests = new WeakMap<Resource | Article, string>();

/**
 * A digest of a document's metadata and body (by the body's digest, which a document loaded from
 * the parse cache knows without reading its body), hashed once per build: its page key and its
 * export key both start from it.
 */
export function contentDigest(document: Resource | Article): string {
  let digest = contentDigests.get(document);
  if (digest === undefined) {
    digest = sha256(metadataOf(document) + bodyDigestOf(document));
    contentDigests.set(document, digest);
  }
  return digest;
}

/** The key of one document's part of each site-wide export (see KeyedPart). */
export function exportPartKey(context: string, document: Resource | Article): string {
  return sha256(context + contentDigest(document), 'base64url');
}
