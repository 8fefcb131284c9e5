import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../src/content/load-content.js';
import { buildFixture } from './helpers/build-fixture.js';
import { copyFixture, fixturesDir, readTree } from './helpers/fixtures.js';

/** The minimal fixture with its own template folder, as an editor on Linux saves it. */
function site(): string {
  const dir = copyFixture('minimal');
  fs.cpSync(path.join(fixturesDir, 'custom-templates/my-templates'), path.join(dir, 'my-templates'), {
    recursive: true,
  });
  fs.appendFileSync(path.join(dir, 'site.yaml'), 'templates: my-templates\n');
  return dir;
}

/** Every text file of a folder saved as a Windows editor saves it: CRLF line ends and a UTF-8 byte-order mark. */
function saveAsWindows(dir: string): void {
  for (const [file, bytes] of readTree(dir)) {
    const text = bytes.toString('utf8').replace(/\r?\n/g, '\r\n');
    fs.writeFileSync(path.join(dir, file), `\uFEFF${text}`);
  }
}

const withoutManifest = (tree: Map<string, Buffer>) =>
  new Map([...tree].filter(([file]) => file !== 'build-manifest.json'));

describe('files saved on Windows (CRLF, BOM) build exactly like their LF twins', () => {
  it('validates without a problem', async () => {
    const dir = site();
    saveAsWindows(dir);
    const { problems } = await loadContent(dir, { threads: false });
    expect(problems).toEqual([]);
  });

  it('gives byte-identical output: Markdown, front matter, site.yaml, cluster.yaml, paths.yaml and templates', async () => {
    const unix = site();
    const windows = site();
    saveAsWindows(windows);
    const a = await buildFixture(unix);
    const b = await buildFixture(windows);
    const treeA = withoutManifest(readTree(a.outDir));
    const treeB = withoutManifest(readTree(b.outDir));
    expect([...treeB.keys()]).toEqual([...treeA.keys()]);
    for (const [file, bytes] of treeA) expect(treeB.get(file)?.equals(bytes), file).toBe(true);
  });

  it('locates problems on the same line and column as in the LF file', async () => {
    const broken = (windows: boolean) => {
      const dir = copyFixture('minimal');
      const file = path.join(dir, 'resources', 'wire-formats.md');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^updated: .*$/m, 'updated: 2026-02-30'));
      if (windows) saveAsWindows(dir);
      return dir;
    };
    const [lf, crlf] = await Promise.all([
      loadContent(broken(false), { threads: false }),
      loadContent(broken(true), { threads: false }),
    ]);
    const strip = (problems: typeof lf.problems) =>
      problems.map(({ file, ...rest }) => ({ ...rest, file: path.basename(file) }));
    expect(strip(crlf.problems)).toEqual(strip(lf.problems));
    expect(lf.problems[0]!.message).not.toContain('\\r');
  });
});

describe('text that is not UTF-8 is a located problem', () => {
  it.each([
    ['a NUL byte', Buffer.from('x\u0000y')],
    ['an invalid UTF-8 byte', Buffer.from([0x78, 0xff, 0x79])],
  ])('%s in a resource', async (_name, bad) => {
    const dir = copyFixture('minimal');
    const file = path.join(dir, 'resources', 'wire-formats.md');
    const text = fs.readFileSync(file);
    const lines = text.toString('utf8').split('\n').length;
    fs.writeFileSync(file, Buffer.concat([text, Buffer.from('\n\n'), bad, Buffer.from('\n')]));
    const { model, problems } = await loadContent(dir, { threads: false });
    expect(model).toBeUndefined();
    expect(problems).toEqual([expect.objectContaining({ code: 'InvalidText', line: lines + 2, column: 2 })]);
  });
});
