import { expect } from 'vitest';

// Byte buffers compare as bytes. Vitest's generic deep equality walks a Buffer element by element:
// comparing two copies of a small built site (93 files, 1.7 MB) took 2.8 s that way, and tests compare
// whole output trees before and after a build. A difference still fails the same assertion.
expect.addEqualityTesters([
  function buffersEqual(a: unknown, b: unknown): boolean | undefined {
    if (Buffer.isBuffer(a) && Buffer.isBuffer(b)) return a.equals(b);
    return undefined;
  },
]);
