import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeOutputFile } from '../../src/compile/write-output-file.js';
import { tempDir } from '../helpers/fixtures.js';

describe('writeOutputFile', () => {
  it('writes every chunk of a streamed file in order, however many one batch gathers, and where each part is', () => {
    const root = tempDir('agentdir-write-');
    // Thousands of one-character chunks fill one batch: more buffers than one system call takes (IOV_MAX, 1024).
    const letters = Array.from({ length: 5000 }, (_, index) => String.fromCharCode(97 + (index % 26)));
    const parts = ['é', 'x'.repeat(70_000), '漢字'].map((text, index) => ({ key: `part-${index}`, make: () => text }));
    const chunks = [...letters, ...parts, ...letters];
    const written = writeOutputFile(root, { path: 'public/stream.txt', content: chunks });
    const expected = Buffer.from(chunks.map((chunk) => (typeof chunk === 'string' ? chunk : chunk.make())).join(''));
    const bytes = fs.readFileSync(path.join(root, 'public', 'stream.txt'));
    expect(bytes.equals(expected)).toBe(true);
    expect(written.bytes).toBe(expected.length);
    for (const [key, offset, length] of written.parts ?? [])
      expect(bytes.subarray(offset, offset + length).toString()).toBe(parts.find((part) => part.key === key)?.make());
    expect(written.parts).toHaveLength(3);
  });

  it('shows copied parts to the leak guard unless the previous build looked for the same sentences', () => {
    const root = tempDir('agentdir-write-');
    const before = new Map([['free-doc', Buffer.from('A free paragraph.\n')]]);
    const content = [
      'header\n',
      { key: 'free-doc', make: () => 'never made: copied\n' },
      { key: 'new-doc', make: () => 'made now\n' },
    ];
    const seen = (guarded: boolean) => {
      const chunks: string[] = [];
      writeOutputFile(root, { path: 'public/export.txt', content }, (_path, chunk) => chunks.push(chunk), new Set(), {
        guarded,
        read: (key) => before.get(key) ?? null,
        close: () => {},
      });
      return chunks;
    };
    expect(seen(false)).toEqual(['header\n', 'A free paragraph.\n', 'made now\n']);
    expect(seen(true)).toEqual(['header\n', 'made now\n']);
    expect(fs.readFileSync(path.join(root, 'public', 'export.txt'), 'utf8')).toBe(
      'header\nA free paragraph.\nmade now\n',
    );
  });
});
