import type { Article, Resource } from '../../content/model.js';
import { fieldWeights, type SearchDocument } from '../../shared/search/index-format.js';
import { termsOf } from '../../shared/search/terms.js';
import { sha256 } from '../../util/sha256.js';
import { documentPassages, type Passage, type SearchView } from './search-passages.js';
import type { AllPostings } from './term-postings.js';
import type { KeyedSearchPart } from './merged-postings.js';
import { joinedFields } from '../../util/joined-fields.js';
import { passagesDigest } from '../../markdown/lazy-rendering.js';

/**
 * What one document adds to the full-text index of one audience: its row as a hit shows it, and
 * each passage's weighted term frequencies and weighted length (BM25F). Cutting and stemming the
 * words is most of what an index costs, so a build keeps parts between builds (SearchPartStore)
 * and makes again only those of changed documents; what depends on every document (averages,
 * postings caps, shards) is merged from the parts on each build. Typed arrays and one string
 * rather than an object per term: at 50,000 documents that is what keeps them quick to store.
 */
export interface SearchPart {
  document: SearchDocument;
  /** Three numbers per passage that has words, in order: its section, its weighted length, how many terms it has. */
  passages: Uint32Array;
  /** Each passage's distinct terms, passage after passage, separated by spaces (a term never has one). */
  terms: string;
  /** Each of `terms`' weighted frequency in its passage, in the narrowest array that holds them (most fit a byte). */
  frequencies: Uint8Array | Uint16Array | Uint32Array;
}

/** Numbers per document in MergedPostings' totals. */
export const totalsPerDocument = 5;

/**
 * An index's postings, none left out, with what they were merged from: each document's part key
 * and passage totals. A build keeps them for the next, which patches in only its changed documents.
 */
export interface MergedPostings extends AllPostings {
  keys: string[];
  /** totalsPerDocument numbers per document: its head passage's length and count, its other passages' total length and count, its passages. */
  totals: Float64Array;
  /** Each document's row (SearchPart's `document`) as JSON.stringify writes it: what its chunk file holds. */
  documents: string[];
}

/** Where a build finds the parts a previous build made, and leaves the ones it makes (src/compile/search-part-cache.ts). */
export interface SearchPartStore {
  get(key: string): SearchPart | undefined;
  set(key: string, part: SearchPart): void;
  /** Counts the part of `key` as used, unread: the merged postings hold what the index needs of it. */
  keep(key: string): void;
  /**
   * The merged postings a previous build left for `view`'s index, and the documents (by index)
   * whose parts now differ from those postings', which the build patches in with its own changes.
   */
  mergedPostings(
    view: SearchView,
  ): { postings: MergedPostings; patch: ReadonlyMap<number, KeyedSearchPart> } | undefined;
  /**
   * What the next build finds for `view`'s index, or null for nothing. `patch`: the documents (by
   * index) whose parts made `merged` from the postings mergedPostings gave, so a store may keep those alone.
   */
  setMergedPostings(
    view: SearchView,
    merged: MergedPostings | null,
    patch?: ReadonlyMap<number, KeyedSearchPart>,
  ): void;
}

/** Changed whenever what a part holds or how it is made changes, so no build reads a part of another shape. */
const partFormat = 'search-part 3';

/** What a document's head has besides its own fields: its category's title, or a guide's queries. */
export type HeadExtra = Parameters<typeof documentPassages>[2];

/** A passage's weighted term frequencies and length (BM25F: each field's words count its weight). */
function weighedTerms(passage: Passage): { counts: Map<string, number>; length: number } {
  const counts = new Map<string, number>();
  let length = 0;
  for (const [field, text] of Object.entries(passage.fields)) {
    if (!text) continue;
    const weight = fieldWeights[field as keyof typeof fieldWeights];
    for (const term of termsOf(text)) {
      counts.set(term, (counts.get(term) ?? 0) + weight);
      length += weight;
    }
  }
  return { counts, length };
}

/** Cuts a document into passages and their terms, as `view` reads it; `row` is its row without sections. */
export function makeSearchPart(
  document: Resource | Article,
  view: SearchView,
  extra: HeadExtra,
  row: Omit<SearchDocument, 'sections'>,
): SearchPart {
  const { passages, sections } = documentPassages(document, view, extra);
  const shape: number[] = [];
  const terms: string[] = [];
  const frequencies: number[] = [];
  for (const passage of passages) {
    const { counts, length } = weighedTerms(passage);
    if (!length) continue;
    shape.push(passage.section, length, counts.size);
    for (const [term, frequency] of counts) {
      terms.push(term);
      frequencies.push(frequency);
    }
  }
  return {
    document: joinedFields(row, { sections }),
    passages: Uint32Array.from(shape),
    terms: terms.join(' '),
    frequencies: narrowest(frequencies),
  };
}

/** The numbers in the smallest typed array that holds them: a byte a frequency nearly always does, not four. */
function narrowest(numbers: number[]): Uint8Array | Uint16Array | Uint32Array {
  const largest = numbers.reduce((a, b) => Math.max(a, b), 0);
  if (largest < 2 ** 8) return Uint8Array.from(numbers);
  if (largest < 2 ** 16) return Uint16Array.from(numbers);
  return Uint32Array.from(numbers);
}

/**
 * The key of a document's part: `contentKey` (a digest of the compiler, the site settings and the
 * document's metadata and body), the audience, its head's extras and what of its rendering the
 * passages read (the outlines' anchors and the audience ranges, which the digest of its body leaves out).
 */
export function searchPartKey(
  contentKey: string,
  document: Resource | Article,
  view: SearchView,
  extra: HeadExtra,
): string {
  return sha256(`${partFormat}\0${contentKey}\0${view}${JSON.stringify(extra)}\0${passagesDigest(document.rendered)}`);
}
