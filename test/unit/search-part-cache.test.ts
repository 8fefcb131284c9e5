import { describe, expect, it } from 'vitest';
import { SearchPartCache } from '../../src/compile/search-part-cache.js';
import type { ContentModel } from '../../src/content/model.js';
import type { SearchPart } from '../../src/emit/helpers/search-part.js';
import { tempDir } from '../helpers/fixtures.js';

/** A part with one passage of one term: enough to tell parts apart. */
function part(term: string): SearchPart {
  return {
    document: { title: term } as SearchPart['document'],
    passages: Uint32Array.from([0, 5, 1]),
    terms: term,
    frequencies: Uint8Array.from([5]),
  };
}

describe('the search-part cache', () => {
  it('lets go of the parts it holds when it saves, and reads them back from its packs when asked again', () => {
    const cache = new SearchPartCache(tempDir('agentdir-parts-'), {
      dir: tempDir('agentdir-content-'),
    } as ContentModel);
    const keys = ['00aa', '7fbb', 'ffcc'];
    for (const key of keys) cache.set(key, part(key));
    const held = cache.get('7fbb');
    expect(held?.terms).toBe('7fbb');
    cache.save();
    // Read again from the pack file: equal, but not the object the cache held before it saved.
    const again = cache.get('7fbb');
    expect(again).toEqual(held);
    expect(again).not.toBe(held);
    expect(keys.map((key) => cache.get(key)?.terms)).toEqual(keys);
  });
});
