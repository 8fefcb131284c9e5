import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPreviousOutput } from '../../src/compile/output-check.js';
import { StagedOutput } from '../../src/compile/staged-output.js';
import { manifestIdentity, manifestName } from '../../src/compile/up-to-date.js';
import { tempDir } from '../helpers/fixtures.js';

/** An output folder with these files, each of its size, and a manifest that lists them. */
function outputWith(files: Record<string, string>): string {
  const folder = tempDir('agentdir-output-');
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    fs.writeFileSync(path.join(folder, file), text);
  }
  const listed = Object.entries(files).map(([file, text]) => [file, Buffer.byteLength(text)]);
  fs.writeFileSync(
    path.join(folder, manifestName),
    JSON.stringify({ generator: 'agentdir', inputKey: 'k', files: listed, summary: null }),
  );
  return folder;
}

describe('the check of the previous output, on a thread of its own', () => {
  it('tells the files still as the manifest recorded them from those deleted, resized or made a folder', async () => {
    const folder = outputWith({
      'public/a.html': 'a',
      'public/b.html': 'bb',
      'public/c.md': 'c',
      'public/d.json': '{}',
    });
    fs.rmSync(path.join(folder, 'public/b.html'));
    fs.appendFileSync(path.join(folder, 'public/c.md'), 'edited by hand');
    fs.rmSync(path.join(folder, 'public/d.json'));
    fs.mkdirSync(path.join(folder, 'public/d.json'));
    const verified = await checkPreviousOutput(folder)!.verified();
    expect(verified).not.toBeNull();
    expect(
      ['public/a.html', 'public/b.html', 'public/c.md', 'public/d.json'].filter((file) => verified!.has(file)),
    ).toEqual(['public/a.html']);
  });

  it('answers for the manifest it was given only: a staged output that reads another looks at each file itself', async () => {
    const folder = outputWith({ 'public/a.html': 'a' });
    const check = checkPreviousOutput(folder)!;
    const verified = (await check.verified())!;
    expect(verified.manifest).toBe(manifestIdentity(folder));
    // Another build's manifest, renamed into place, and a file of the size it records.
    fs.writeFileSync(path.join(folder, 'public/a.html'), 'aa');
    const next = path.join(folder, 'next.json');
    const manifest = { generator: 'agentdir', inputKey: 'j', files: [['public/a.html', 3, 'k']], summary: null };
    fs.writeFileSync(next, JSON.stringify(manifest));
    fs.renameSync(next, path.join(folder, manifestName));
    expect(verified.has('public/a.html')).toBe(true);
    const staged = new StagedOutput(folder, { incremental: true, verified });
    // The thread's answer was of the old manifest: a.html is looked at, and its 2 bytes are not the 3 recorded.
    expect(staged.keep('k', ['public/a.html'])).toBeNull();
    staged.abort();
  });

  it('is not started without a previous output', () => {
    expect(checkPreviousOutput(tempDir('agentdir-output-'))).toBeUndefined();
  });
});
