import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/fixtures.js';
import { forgetManifest, manifestName, readManifest } from '../../src/compile/up-to-date.js';

function outputFolder(manifest: unknown): string {
  const folder = tempDir('agentdir-manifest-');
  fs.writeFileSync(path.join(folder, manifestName), JSON.stringify(manifest));
  return folder;
}

const manifest = (inputKey: string, extra: Record<string, unknown> = {}) => ({
  generator: 'agentdir',
  inputKey,
  files: [['public/index.html', 10]],
  summary: null,
  ...extra,
});

describe('the build manifest', () => {
  it('is parsed once while the file is unchanged, and read again once it is replaced or edited', () => {
    const folder = outputFolder(manifest('a'));
    const first = readManifest(folder);
    expect(first?.inputKey).toBe('a');
    expect(readManifest(folder)).toBe(first);
    // The next build writes a new manifest and renames it into place.
    const next = path.join(folder, 'next.json');
    fs.writeFileSync(next, JSON.stringify(manifest('b')));
    fs.renameSync(next, path.join(folder, manifestName));
    expect(readManifest(folder)?.inputKey).toBe('b');
    // Edited in place, to the same size.
    fs.writeFileSync(path.join(folder, manifestName), JSON.stringify(manifest('c')));
    expect(readManifest(folder)?.inputKey).toBe('c');
    fs.rmSync(path.join(folder, manifestName));
    expect(readManifest(folder)).toBeNull();
  });

  it('is read again after forgetManifest, and drops grade inputs it cannot trust', () => {
    const folder = outputFolder(manifest('a', { gradeInputs: { key: 'k', files: [['public/llms.txt', 7]] } }));
    const first = readManifest(folder);
    expect(first?.gradeInputs).toBeUndefined();
    forgetManifest();
    expect(readManifest(folder)).not.toBe(first);
    const trusted = outputFolder(manifest('a', { gradeInputs: { key: 'k', files: [['public/llms.txt', null]] } }));
    expect(readManifest(trusted)?.gradeInputs).toEqual({ key: 'k', files: [['public/llms.txt', null]] });
  });

  it('is not trusted when a written file carries a part key that is not text, so the folder is built afresh', () => {
    forgetManifest();
    const keyed = outputFolder(manifest('a', { files: [['public/api/corpus.jsonl', 10, 'k1']] }));
    expect(readManifest(keyed)?.files).toEqual([['public/api/corpus.jsonl', 10, 'k1']]);
    forgetManifest();
    expect(
      readManifest(outputFolder(manifest('a', { files: [['public/api/corpus.jsonl', 10, { key: 1 }]] }))),
    ).toBeNull();
  });
});
