import { describe, expect, it } from 'vitest';
import { TermPostings } from '../../src/emit/helpers/term-postings.js';
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

function keptOf(postings: Posting[]) {
  const index = new TermPostings(averages);
  for (const [document, section, frequency, length] of postings)
    index.add('term', document, section, frequency, length);
  return index.kept().get('term')!;
}

describe('the postings an index keeps of a term', () => {
  it('keeps every posting of a term in few passages, in order, without a count', () => {
    const postings = postingsOf(maxPostings, 7);
    expect(keptOf(postings)).toEqual({ postings: postings.flat() });
  });

  it('keeps the strongest postings of a common term, the earlier at equal weights, in index order', () => {
    for (const [count, seed] of [
      [maxPostings + 1, 1],
      [3 * maxPostings, 2],
      [25_000, 3],
    ] as const) {
      const postings = postingsOf(count, seed);
      const kept = keptOf(postings);
      expect(kept.passages).toBe(count);
      expect(kept.postings).toEqual(expectedPostings(postings));
    }
  });

  it('keeps terms apart', () => {
    const index = new TermPostings(averages);
    index.add('agent', 0, 0, 5, 10);
    index.add('key', 0, 1, 1, 30);
    index.add('agent', 1, 2, 1, 30);
    expect([...index.kept()]).toEqual([
      ['agent', { postings: [0, 0, 5, 10, 1, 2, 1, 30] }],
      ['key', { postings: [0, 1, 1, 30] }],
    ]);
  });
});
