import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/load-content.js';
import { makeSearchPart } from '../../src/emit/helpers/search-part.js';
import { repoRoot } from '../helpers/fixtures.js';

/** A resource of the minimal fixture whose title says `title`. */
async function resourceTitled(title: string) {
  const { model } = await loadContent(path.join(repoRoot, 'test', 'fixtures', 'minimal'), {
    cacheDir: null,
    threads: false,
  });
  return { ...model!.resources[0]!, title };
}

/** The weighted frequency of `term` in the first passage of a document's part, and the array it is kept in. */
async function frequencyOf(title: string, term: string) {
  const document = await resourceTitled(title);
  const part = makeSearchPart(document, 'agents', { category: 'Tools', head: [] }, {} as never);
  const count = part.passages[2]!;
  const terms = part.terms.split(' ').slice(0, count);
  return { frequency: part.frequencies[terms.indexOf(term)], array: part.frequencies.constructor.name };
}

describe("a document's part of the full-text index", () => {
  it('keeps frequencies in a byte each while they fit, and whole when they do not', async () => {
    // A title word weighs 5: 3 times is 15, 60 times is 300, past a byte.
    expect(await frequencyOf('zyzzyva zyzzyva zyzzyva', 'zyzzyva')).toEqual({ frequency: 15, array: 'Uint8Array' });
    expect(await frequencyOf(Array(60).fill('zyzzyva').join(' '), 'zyzzyva')).toEqual({
      frequency: 300,
      array: 'Uint16Array',
    });
  });
});
