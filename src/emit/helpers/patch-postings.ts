import type { AllPostings, PostingSource } from './term-postings.js';

/**
 * At most this many changed documents are patched in: each costs a binary search in every term's
 * postings. More, and the index is merged from every part again.
 */
export const patchedUpTo = 32;

/** The first posting at or after `from` (up to `to`) whose document index is at least `index`: a term's postings are in index order. */
function firstFrom(all: Uint32Array, from: number, to: number, index: number): number {
  let low = 0;
  let high = (to - from) / 4;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (all[from + middle * 4]! < index) low = middle + 1;
    else high = middle;
  }
  return from + low * 4;
}

/**
 * `previous` with the postings of the documents in `changed` (by index) replaced by those of their
 * parts now: equal to `allPostings` of every part as it is now, while every other document keeps
 * its index. The postings of unchanged documents are copied in runs, found by binary search, so it
 * costs little more than a copy of the previous postings, not a cut of every document's terms.
 * Terms no document holds any more are dropped; new ones come last.
 */
export function patchPostings(previous: AllPostings, changed: ReadonlyMap<number, PostingSource>): AllPostings {
  const indexes = [...changed.keys()].sort((a, b) => a - b);
  const terms = previous.terms.slice();
  const ids = new Map(terms.map((term, id) => [term, id]));
  // The changed documents' postings, four numbers each, by term, in index order.
  const added: number[][] = [];
  for (const index of indexes) {
    const { passages, terms: text, frequencies } = changed.get(index)!;
    if (!frequencies.length) continue;
    const partTerms = text.split(' ');
    let at = 0;
    for (let p = 0; p < passages.length; p += 3) {
      for (const end = at + passages[p + 2]!; at < end; at++) {
        const term = partTerms[at]!;
        let id = ids.get(term);
        if (id === undefined) {
          id = terms.push(term) - 1;
          ids.set(term, id);
        }
        let postings = added[id];
        if (!postings) {
          postings = [];
          added[id] = postings;
        }
        postings.push(index, passages[p]!, frequencies[at]!, passages[p + 1]!);
      }
    }
  }
  const { starts, all } = previous;
  const oldTerms = previous.terms.length;
  /** How many numbers of term `id`'s previous postings belong to the changed documents. */
  const removedOf = (id: number) => {
    let removed = 0;
    let at = starts[id]!;
    const end = starts[id + 1]!;
    for (const index of indexes) {
      if (at === end || all[end - 4]! < index) break;
      const first = firstFrom(all, at, end, index);
      at = firstFrom(all, first, end, index + 1);
      removed += at - first;
    }
    return removed;
  };
  const lengths = new Uint32Array(terms.length);
  let total = 0;
  let kept = 0;
  for (let id = 0; id < terms.length; id++) {
    const previousLength = id < oldTerms ? starts[id + 1]! - starts[id]! - removedOf(id) : 0;
    lengths[id] = previousLength + (added[id]?.length ?? 0);
    total += lengths[id]!;
    if (lengths[id]) kept++;
  }
  const patched: AllPostings = {
    terms: new Array(kept),
    starts: new Uint32Array(kept + 1),
    all: new Uint32Array(total),
  };
  let to = 0;
  let next = 0;
  for (let id = 0; id < terms.length; id++) {
    if (!lengths[id]) continue;
    patched.terms[next] = terms[id]!;
    patched.starts[next++] = to;
    const extra = added[id] ?? [];
    let e = 0;
    let at = id < oldTerms ? starts[id]! : 0;
    const end = id < oldTerms ? starts[id + 1]! : 0;
    // The unchanged documents' postings in runs, each changed document's new ones in its place.
    for (const index of indexes) {
      if (at === end || all[end - 4]! < index) break;
      const first = firstFrom(all, at, end, index);
      patched.all.set(all.subarray(at, first), to);
      to += first - at;
      while (e < extra.length && extra[e]! <= index) for (let n = 0; n < 4; n++) patched.all[to++] = extra[e++]!;
      at = firstFrom(all, first, end, index + 1);
    }
    patched.all.set(all.subarray(at, end), to);
    to += end - at;
    while (e < extra.length) patched.all[to++] = extra[e++]!;
  }
  patched.starts[kept] = to;
  return patched;
}
