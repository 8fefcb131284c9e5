import { describe, expect, it } from 'vitest';
import { patchPostings } from '../../src/emit/helpers/patch-postings.js';
import {
  type AllPostings,
  allPostings,
  keptPostings,
  type PostingSource,
  termPostings,
} from '../../src/emit/helpers/term-postings.js';
import { maxPostings } from '../../src/shared/search/index-format.js';

/** A seeded generator, so a failure names the case that made it. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % below;
  };
}

/** A document of up to four passages over a small vocabulary (so terms are shared), `words` words apart from `common`. */
function documentPart(next: (below: number) => number, words: number, common?: string): PostingSource {
  const passages: number[] = [];
  const terms: string[] = [];
  const frequencies: number[] = [];
  const count = next(5);
  for (let passage = 0; passage < count; passage++) {
    const held = new Set<string>();
    if (common) held.add(common);
    for (let n = next(6); n > 0; n--) held.add(`w${next(words)}`);
    if (!held.size) continue;
    passages.push(passage === 0 ? 0 : 1 + next(3), 5 + next(40), held.size);
    for (const term of held) {
      terms.push(term);
      frequencies.push(1 + next(4));
    }
  }
  return { passages: Uint32Array.from(passages), terms: terms.join(' '), frequencies: Uint32Array.from(frequencies) };
}

/** Each term's postings as plain numbers, whatever order the terms come in. */
function byTerm(merged: AllPostings): Map<string, number[]> {
  return new Map(
    merged.terms.map((term, id) => [term, [...merged.all.subarray(merged.starts[id]!, merged.starts[id + 1]!)]]),
  );
}

describe('postings patched for changed documents', () => {
  it('equal the postings merged from every part, after edits, emptied documents, new words and words gone', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const next = random(seed);
      const parts = Array.from({ length: 30 + next(40) }, () => documentPart(next, 25));
      const previous = allPostings(parts);
      const changed = new Map<number, PostingSource>();
      for (let n = 1 + next(6); n > 0; n--) {
        const index = next(parts.length);
        // Sometimes a document loses every word, sometimes it brings words no other has.
        const kind = next(4);
        const part =
          kind === 0
            ? { passages: new Uint32Array(), terms: '', frequencies: new Uint32Array() }
            : documentPart(next, kind === 1 ? 60 : 25);
        changed.set(index, part);
        parts[index] = part;
      }
      const patched = patchPostings(previous, changed);
      expect(byTerm(patched), `seed ${seed}`).toEqual(byTerm(allPostings(parts)));
      expect(patched.starts.at(-1)).toBe(patched.all.length);
    }
  });

  it('keep, capped, what termPostings keeps: the strongest postings of a common term with the new averages', () => {
    const next = random(99);
    const parts = Array.from({ length: maxPostings + 600 }, () => documentPart(next, 40, 'common'));
    const previous = allPostings(parts);
    const changed = new Map([100, 2_000, maxPostings + 10].map((index) => [index, documentPart(next, 40, 'common')]));
    for (const [index, part] of changed) parts[index] = part;
    const averages = { head: 21, section: 17.5 };
    const patched = keptPostings(patchPostings(previous, changed), averages);
    const merged = termPostings(parts, averages);
    const kept = (postings: typeof merged) =>
      new Map(postings.terms.map((term, id) => [term, [postings.passages(id), [...postings.postings(id)]]]));
    expect(merged.passages(merged.terms.indexOf('common'))).toBeGreaterThan(maxPostings);
    expect(kept(patched)).toEqual(kept(merged));
    expect(patched.numbers).toBe(merged.numbers);
  });
});
