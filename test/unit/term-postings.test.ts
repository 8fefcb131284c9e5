import { describe, expect, it } from 'vitest';
import { type PostingSource, termPostings } from '../../src/emit/helpers/term-postings.js';
import { bm25, maxPostings } from '../../src/shared/search/index-format.js';

const averages = { head: 12, section: 40 };

/** A posting as the index writes it: document index, section, weighted frequency, weighted length. */
type Posting = [number, number, number, number];

/**
 * What the index keeps of a term's postings, written plainly: all of them when they are few, else
 * the `maxPostings` with the highest BM25 term weight (at equal weights, the earlier), in index order.
 */
function expectedPostings(postings: Posting[]): number[] {
  if (postings.length <= maxPostings) return postings.flat();
  const weight = ([, section, frequency, length]: Posting) =>
    frequency /
    (frequency + bm25.k1 * (1 - bm25.b + (bm25.b * length) / (section === 0 ? averages.head : averages.section)));
  const strongest = postings
    .map((posting, order) => ({ posting, order, weight: weight(posting) }))
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .slice(0, maxPostings)
    .sort((a, b) => a.order - b.order);
  return strongest.flatMap(({ posting }) => posting);
}

/** `count` postings of one term, seeded: few distinct frequencies and lengths, so many weights tie. */
function postingsOf(count: number, seed: number): Posting[] {
  let state = seed;
  const next = (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % below;
  };
  return Array.from({ length: count }, (_, index) => [index, next(3), 1 + next(4), 5 + next(6) * 10]);
}

/** Documents whose passages hold the given terms: `[section, length, terms with their frequencies]` per passage. */
function documents(...passages: [number, number, Record<string, number>][][]): PostingSource[] {
  return passages.map((document) => ({
    passages: Uint32Array.from(
      document.flatMap(([section, length, terms]) => [section, length, Object.keys(terms).length]),
    ),
    terms: document.flatMap(([, , terms]) => Object.keys(terms)).join(' '),
    frequencies: Uint32Array.from(document.flatMap(([, , terms]) => Object.values(terms))),
  }));
}

/** Each term's kept postings as plain numbers, with its count of passages when it has more. */
function keptOf(parts: PostingSource[], idsUpTo?: number) {
  const merged = termPostings(parts, averages, idsUpTo);
  return new Map(
    merged.terms.map((term, id) => {
      const passages = merged.passages(id);
      return [term, { postings: [...merged.postings(id)], ...(passages === undefined ? {} : { passages }) }];
    }),
  );
}

/** A term's postings, one document each (document `i` holds the `i`th posting, if any). */
function termOnly(postings: Posting[]) {
  const parts = documents(
    ...postings.map(
      ([, section, frequency, length]) =>
        [[section, length, { term: frequency }]] as [number, number, Record<string, number>][],
    ),
  );
  return keptOf(parts).get('term')!;
}

describe('the postings an index keeps of a term', () => {
  it('keeps every posting of a term in few passages, in order, without a count', () => {
    const postings = postingsOf(maxPostings, 7);
    expect(termOnly(postings)).toEqual({ postings: postings.flat() });
  });

  it('keeps the strongest postings of a common term, the earlier at equal weights, in index order', () => {
    for (const [count, seed] of [
      [maxPostings + 1, 1],
      [3 * maxPostings, 2],
      [25_000, 3],
    ] as const) {
      const postings = postingsOf(count, seed);
      const kept = termOnly(postings);
      expect(kept.passages).toBe(count);
      expect(kept.postings).toEqual(expectedPostings(postings));
    }
  });

  it('keeps terms apart, in the order documents first hold them', () => {
    const parts = documents(
      [
        [0, 10, { agent: 5 }],
        [1, 30, { key: 1 }],
      ],
      [],
      [[2, 30, { agent: 1 }]],
    );
    expect([...keptOf(parts)]).toEqual([
      ['agent', { postings: [0, 0, 5, 10, 2, 2, 1, 30] }],
      ['key', { postings: [0, 1, 1, 30] }],
    ]);
  });

  it('keeps the same postings when the terms are cut again rather than their ids kept (a large site)', () => {
    const common = postingsOf(3 * maxPostings, 4);
    const parts = documents(
      ...(common.map(([, section, frequency, length], index) => [
        [section, length, { term: frequency, [`rare${index % 50}`]: 1 + (index % 3) }],
      ]) as [number, number, Record<string, number>][][]),
    );
    const kept = keptOf(parts);
    expect(kept.get('term')).toEqual({ passages: common.length, postings: expectedPostings(common) });
    expect(keptOf(parts, 0)).toEqual(kept);
  });
});
