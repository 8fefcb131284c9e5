import { patchPostings } from './patch-postings.js';
import { type MergedPostings, type SearchPart, totalsPerDocument } from './search-part.js';

/** A document's part of an index now, under its key: what a patch of merged postings puts in its place. */
export interface KeyedSearchPart {
  key: string;
  part: SearchPart;
}

/** Writes `part`'s passage totals at document `index` of `totals`. */
export function addTotals(totals: Float64Array, index: number, part: SearchPart): void {
  const at = index * totalsPerDocument;
  for (let p = 0; p < part.passages.length; p += 3) {
    totals[at + 4]!++;
    if (part.passages[p] === 0) {
      totals[at]! += part.passages[p + 1]!;
      totals[at + 1]!++;
    } else {
      totals[at + 2]! += part.passages[p + 1]!;
      totals[at + 3]!++;
    }
  }
}

/**
 * `previous` with the documents at the indexes of `changed` replaced by their parts now: postings,
 * keys, totals and rows, equal to merging every part as it is now. Every other document keeps its index.
 */
export function patchMerged(previous: MergedPostings, changed: ReadonlyMap<number, KeyedSearchPart>): MergedPostings {
  const keys = previous.keys.slice();
  const totals = previous.totals.slice();
  const documents = previous.documents.slice();
  const parts = new Map<number, SearchPart>();
  for (const [n, { key, part }] of changed) {
    keys[n] = key;
    totals.fill(0, n * totalsPerDocument, (n + 1) * totalsPerDocument);
    addTotals(totals, n, part);
    documents[n] = JSON.stringify(part.document);
    parts.set(n, part);
  }
  return { ...patchPostings(previous, parts), keys, totals, documents };
}
