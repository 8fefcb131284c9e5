import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { keyFileReader, keyFileSettleMs } from '../../src/serve/key-file-reader.js';
import type { KeyRecord } from '../../src/shared/key-hash.js';
import { tempDir } from '../helpers/fixtures.js';

const record: KeyRecord = { id: 'key_1', hash: 'a'.repeat(64), tier: 'starter', created: '2025-01-01' };
const goodText = `${JSON.stringify({ version: 1, keys: [record] }, null, 2)}\n`;

/** A reader of a key file holding `text`, and the lines it logged. */
function readerOf(text: string) {
  const file = path.join(tempDir(), 'keys.json');
  fs.writeFileSync(file, text);
  const lines: string[] = [];
  const current = keyFileReader(file, (line) => lines.push(line));
  return { file, lines, current };
}

/** Sets a file's times `ms` in the past: a save that has settled. */
function settled(file: string, ms = 10_000): void {
  const past = new Date(Date.now() - ms);
  fs.utimesSync(file, past, past);
}

describe('the key file agentdir serve reads', () => {
  it('reports a broken file at start at once, however new it is', () => {
    const { lines, current } = readerOf('{"version": 1');
    expect(current()).toBe('');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('is not valid JSON');
  });

  it('logs nothing for a save caught halfway, and uses the file once it is whole', () => {
    const { file, lines, current } = readerOf(goodText);
    settled(file);
    expect(current()).not.toBe('');
    // Written in place: for an instant the file is empty, then half there.
    fs.writeFileSync(file, '');
    expect(current()).toBe('');
    fs.writeFileSync(file, goodText.slice(0, 20));
    expect(current()).toBe('');
    fs.writeFileSync(file, goodText);
    expect(current()).not.toBe('');
    expect(lines).toEqual([]);
  });

  it('reports a new save that stays broken once it has settled, once', async () => {
    const { file, lines, current } = readerOf(goodText);
    settled(file);
    expect(current()).not.toBe('');
    fs.writeFileSync(file, '{"version": 1}\n');
    expect(current()).toBe('');
    expect(lines).toEqual([]);
    await sleep(keyFileSettleMs * 3);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('has no `keys` list');
    expect(current()).toBe('');
    expect(lines).toHaveLength(1);
  });

  it('reports a broken file dated in the future at once: it would never settle', () => {
    const { file, lines, current } = readerOf(goodText);
    settled(file);
    expect(current()).not.toBe('');
    fs.writeFileSync(file, '{"version": 1}\n');
    const future = new Date(Date.now() + 60_000);
    fs.utimesSync(file, future, future);
    expect(current()).toBe('');
    expect(lines).toHaveLength(1);
  });
});
