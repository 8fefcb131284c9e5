import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { deserializeOwning } from '../../src/util/deserialize-owning.js';

/** A pack like the caches write: many entries, each with small typed arrays among much else. */
function pack(): Buffer {
  const entries = new Map<string, unknown>();
  for (let n = 0; n < 200; n++)
    entries.set(`key-${n}`, {
      empty: new Uint8Array(0),
      frequencies: Uint8Array.from([n % 256, 1, 2]),
      passages: Uint32Array.from([0, n, 3]),
      bytes: Buffer.from(`buffer ${n}`),
      text: 'words '.repeat(200),
    });
  return v8.serialize(entries);
}

describe('reading a cache pack', () => {
  it('gives the same values as v8.deserialize', () => {
    const bytes = pack();
    expect(deserializeOwning(bytes)).toEqual(v8.deserialize(bytes));
  });

  it('leaves no typed array holding on to the bytes it was read from, not even an empty one', () => {
    const bytes = pack();
    const entries = deserializeOwning(bytes) as Map<string, Record<string, ArrayBufferView>>;
    const buffers = new Set<ArrayBufferLike>();
    for (const entry of entries.values())
      for (const field of ['empty', 'frequencies', 'passages', 'bytes']) {
        const view = entry[field]!;
        expect(view.buffer, field).not.toBe(bytes.buffer);
        if (view.byteLength) buffers.add(view.buffer);
      }
    // Copied next to each other, not one buffer each: a pack of 100,000 parts would make 200,000.
    expect(buffers.size).toBe(1);
    const bytesOf7 = entries.get('key-7')!.bytes!;
    expect(Buffer.isBuffer(bytesOf7)).toBe(true);
    expect(bytesOf7.toString()).toBe('buffer 7');
  });

  it('lets an array that is most of the bytes keep them, rather than copy it', () => {
    // Bytes, always aligned: v8 gives them as a view into what it read.
    const postings = Uint8Array.from({ length: 50_000 }, (_, n) => n % 251);
    const bytes = v8.serialize({ postings, keys: ['a', 'b'], small: Uint8Array.from([1, 2, 3]) });
    const read = deserializeOwning(bytes) as { postings: Uint8Array; keys: string[]; small: Uint8Array };
    // Compared as bytes: a deep comparison of 50,000 numbers takes seconds on a busy machine.
    expect(Buffer.from(read.postings).equals(Buffer.from(postings))).toBe(true);
    expect(read.keys).toEqual(['a', 'b']);
    expect([...read.small]).toEqual([1, 2, 3]);
    expect(read.postings.buffer).toBe(bytes.buffer);
    expect(read.small.buffer).not.toBe(bytes.buffer);
  });
});
