import { afterEach, describe, expect, it } from 'vitest';
import { forgetKeptReads, keepChecked, keptDigest, keptIdentity, takeKeptBytes } from '../../src/util/read-once.js';

const identity = { dev: 1n, ino: 2n };
const mebibytes = (count: number) => Buffer.alloc(count * 2 ** 20, 'x');

describe('what the up-to-date check keeps for the parse', () => {
  afterEach(() => forgetKeptReads());

  it('keeps bytes up to a budget, and past it only the digest and the file checked', () => {
    keepChecked('a.md', { digest: 'da', identity, bytes: mebibytes(6) });
    keepChecked('b.md', { digest: 'db', identity, bytes: mebibytes(6) });
    keepChecked('c.md', { digest: 'dc', identity, bytes: mebibytes(6) });
    expect(takeKeptBytes('a.md')?.length).toBe(6 * 2 ** 20);
    expect(takeKeptBytes('b.md')?.length).toBe(6 * 2 ** 20);
    // 18 MiB would pass the 16 MiB budget: the parse reads this one again.
    expect(takeKeptBytes('c.md')).toBeUndefined();
    expect(keptDigest('c.md')).toBe('dc');
    expect(keptIdentity('c.md')).toEqual(identity);
  });

  it('gives bytes back to the budget when the parse takes them, or a file is kept again', () => {
    keepChecked('a.md', { digest: 'da', identity, bytes: mebibytes(10) });
    keepChecked('a.md', { digest: 'da', identity, bytes: mebibytes(10) });
    expect(takeKeptBytes('a.md')?.length).toBe(10 * 2 ** 20);
    keepChecked('b.md', { digest: 'db', identity, bytes: mebibytes(10) });
    expect(takeKeptBytes('b.md')?.length).toBe(10 * 2 ** 20);
    expect(takeKeptBytes('b.md')).toBeUndefined();
  });
});
