import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRegularFile, readRegularFileSync } from '../../src/util/regular-file.js';
import { tempDir } from '../helpers/fixtures.js';

/** A folder with a regular file, a link to it, a broken link, a looping link and a link to /dev/zero. */
function folderOfEntries() {
  const dir = tempDir();
  const file = path.join(dir, 'keys.json');
  fs.writeFileSync(file, '{"keys": []}\n');
  fs.symlinkSync('keys.json', path.join(dir, 'link.json'));
  fs.symlinkSync('gone.json', path.join(dir, 'broken.json'));
  fs.symlinkSync('loop.json', path.join(dir, 'loop.json'));
  fs.symlinkSync('/dev/zero', path.join(dir, 'zero.json'));
  fs.mkdirSync(path.join(dir, 'folder.json'));
  return { dir, file, at: (name: string) => path.join(dir, name) };
}

describe('reading a file that must be regular', () => {
  it('reads a regular file, and a symlink to one unless links are refused', () => {
    const { file, at } = folderOfEntries();
    const read = readRegularFileSync(file);
    expect(read.ok && read.bytes.toString()).toBe('{"keys": []}\n');
    expect(readRegularFileSync(at('link.json')).ok).toBe(true);
    expect(readRegularFileSync(at('link.json'), { followLinks: false })).toEqual({
      ok: false,
      refusal: { reason: 'link' },
    });
  });

  it('says what stands there instead, without reading it', () => {
    const { at } = folderOfEntries();
    const refusal = (name: string) => {
      const read = readRegularFileSync(at(name));
      return read.ok ? null : read.refusal;
    };
    expect(refusal('none.json')).toEqual({ reason: 'missing' });
    expect(refusal('broken.json')).toEqual({ reason: 'broken-link' });
    expect(refusal('loop.json')).toEqual({ reason: 'link-loop' });
    expect(refusal('zero.json')).toEqual({ reason: 'not-regular', kind: 'character device', throughLink: true });
    expect(refusal('folder.json')).toEqual({ reason: 'not-regular', kind: 'folder', throughLink: false });
    expect(readRegularFileSync('/dev/zero')).toEqual({
      ok: false,
      refusal: { reason: 'not-regular', kind: 'character device', throughLink: false },
    });
  });

  it('refuses a file over its limit unread, and one that is no longer the file checked', () => {
    const { file, at } = folderOfEntries();
    expect(readRegularFileSync(file, { maxBytes: 4 })).toEqual({
      ok: false,
      refusal: { reason: 'too-large', bytes: 13, limitBytes: 4 },
    });
    const checked = fs.statSync(file, { bigint: true });
    expect(readRegularFileSync(at('link.json'), { sameAs: checked }).ok).toBe(true);
    fs.renameSync(file, at('old.json'));
    fs.writeFileSync(file, '{"keys": []}\n');
    expect(readRegularFileSync(file, { sameAs: checked })).toEqual({ ok: false, refusal: { reason: 'changed' } });
  });

  it.skipIf(process.platform !== 'linux')('reads to the end a file whose size says 0 (/proc)', () => {
    const read = readRegularFileSync('/proc/self/stat');
    expect(read.ok && read.bytes.toString()).toMatch(/^\d+ \(/);
  });

  it('reads and refuses alike without holding the thread', async () => {
    const { file, at } = folderOfEntries();
    const read = await readRegularFile(file);
    expect(read.ok && read.bytes.toString()).toBe('{"keys": []}\n');
    expect(await readRegularFile(at('zero.json'))).toEqual({
      ok: false,
      refusal: { reason: 'not-regular', kind: 'character device', throughLink: true },
    });
    expect(await readRegularFile(file, { maxBytes: 4 })).toMatchObject({ ok: false, refusal: { reason: 'too-large' } });
  });
});
