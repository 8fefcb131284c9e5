import { describe, expect, it } from 'vitest';
import { AssetCache } from '../../src/worker/asset-cache.js';

/** A cache whose reads are counted: each file's text is `characters` long, its value its path. */
function counted(limit: number) {
  const cache = new AssetCache(limit);
  const reads: string[] = [];
  const read = (path: string, characters: number) =>
    cache.get(path, async () => {
      reads.push(path);
      return { value: path, characters };
    });
  return { cache, reads, read };
}

describe('the isolate cache of parsed files', () => {
  it('keeps files until their text passes the limit, then lets go of the least recently used', async () => {
    const { cache, reads, read } = counted(100);
    await read('a', 40);
    await read('b', 40);
    await read('a', 40); // a is now used more recently than b
    expect(reads).toEqual(['a', 'b']);
    expect(await read('c', 40)).toBe('c');
    expect(cache.size).toBe(80);
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([true, false, true]);
    await read('b', 40);
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
    expect(cache.has('a')).toBe(false);
  });

  it('never keeps more than the limit, however many files are read', async () => {
    const { cache, read } = counted(1000);
    for (let index = 0; index < 500; index++) {
      await read(`file-${index}`, 1 + ((index * 37) % 300));
      expect(cache.size).toBeLessThanOrEqual(1000);
    }
    expect(cache.size).toBeGreaterThan(700);
  });

  it('serves a file larger than the whole limit without keeping it, or letting go of the others', async () => {
    const { cache, reads, read } = counted(100);
    await read('small', 60);
    expect(await read('huge', 101)).toBe('huge');
    expect(cache.has('huge')).toBe(false);
    expect(cache.has('small')).toBe(true);
    expect(cache.size).toBe(60);
    await read('huge', 101);
    expect(reads).toEqual(['small', 'huge', 'huge']);
  });

  it('reads a file once for readers asking at once, and again after a failed read', async () => {
    const { cache, reads, read } = counted(100);
    expect(await Promise.all([read('a', 10), read('a', 10), read('a', 10)])).toEqual(['a', 'a', 'a']);
    expect(reads).toEqual(['a']);
    await expect(cache.get('broken', () => Promise.reject(new Error('404')))).rejects.toThrow('404');
    expect(cache.has('broken')).toBe(false);
    expect(cache.size).toBe(10);
  });
});
