import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../src/build/build.js';
import { inputKey, upToDate } from '../src/build/up-to-date.js';
import { testEpoch } from './helpers/build-fixture.js';
import { copyFixture, readTree, tempDir } from './helpers/fixtures.js';

async function buildWith(contentDir: string, cacheDir: string | null) {
  const outDir = path.join(tempDir(), 'dist');
  const result = await build({ contentDir, outDir, sourceDateEpoch: testEpoch, cacheDir });
  expect(result.ok).toBe(true);
  return { outDir, tree: readTree(outDir), result };
}

function changedPaths(before: Map<string, Buffer>, after: Map<string, Buffer>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((file) => !before.get(file)?.equals(after.get(file) ?? Buffer.alloc(0)) || !after.has(file)).sort();
}

describe('the persistent parse cache', () => {
  it('never changes output: builds without, with an empty and with a warm cache are byte-identical', async () => {
    const content = copyFixture('minimal');
    const cacheDir = path.join(tempDir(), 'cache');
    const plain = await buildWith(content, null);
    const cold = await buildWith(content, cacheDir);
    const warm = await buildWith(content, cacheDir);
    expect(cold.result.phases.length).toBeGreaterThan(0);
    for (const other of [cold, warm]) {
      expect([...other.tree.keys()]).toEqual([...plain.tree.keys()]);
      expect(changedPaths(plain.tree, other.tree)).toEqual([]);
    }
    expect(fs.readdirSync(path.join(cacheDir, 'parse')).length).toBe(1);
  });

  it('re-parses only what changed: one edited resource changes exactly its own outputs and the indexes', async () => {
    const content = copyFixture('minimal');
    const cacheDir = path.join(tempDir(), 'cache');
    const before = await buildWith(content, cacheDir);
    const file = path.join(content, 'resources', 'wire-formats.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('Use `additionalProperties: false` when you own both ends.', 'Use `additionalProperties: false` when you own both ends of the wire.'));
    const after = await buildWith(content, cacheDir);
    const changed = changedPaths(before.tree, after.tree);
    // Its three variants, and every output that carries bodies, word counts or token estimates.
    expect(changed).toEqual(
      [
        'build-manifest.json',
        'public/api/corpus.json',
        'public/api/corpus.jsonl',
        'public/api/finetune-sample.jsonl',
        'public/api/paths.json',
        'public/api/resources/wire-formats.json',
        'public/llms-full.txt',
        'public/.well-known/llms-full.txt',
        'public/resources/wire-formats.md',
        'public/resources/wire-formats/index.html',
        'worker/data/worker-data.json',
        'worker/worker.js',
      ].sort(),
    );
  });

  it('knows when nothing changed, and when an output was touched by hand', async () => {
    const content = copyFixture('minimal');
    const { outDir } = await buildWith(content, path.join(tempDir(), 'cache'));
    const key = inputKey({ contentDir: content, sourceDateEpoch: testEpoch })!;
    expect(upToDate(outDir, key)).not.toBeNull();
    expect(upToDate(outDir, inputKey({ contentDir: content, sourceDateEpoch: '1' })!)).toBeNull();
    fs.appendFileSync(path.join(outDir, 'public', 'llms.txt'), 'edited by hand');
    expect(upToDate(outDir, key)).toBeNull();
  });
});

describe('incremental output', () => {
  it('keeps the files of unchanged documents (the same inode, not rendered again) and rewrites only the edited one', async () => {
    const content = copyFixture('minimal');
    const cacheDir = path.join(tempDir(), 'cache');
    const outDir = path.join(tempDir(), 'dist');
    const run = async () => expect((await build({ contentDir: content, outDir, sourceDateEpoch: testEpoch, cacheDir })).ok).toBe(true);
    await run();
    const inode = (file: string) => fs.statSync(path.join(outDir, file)).ino;
    const before = { kept: inode('public/resources/getting-started/index.html'), edited: inode('public/resources/wire-formats/index.html'), article: inode('public/api/articles/first-steps.json') };
    const file = path.join(content, 'resources', 'wire-formats.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('when you own both ends.', 'when you own both ends of the wire.'));
    await run();
    expect(inode('public/resources/getting-started/index.html')).toBe(before.kept);
    expect(inode('public/api/articles/first-steps.json')).toBe(before.article);
    expect(inode('public/resources/wire-formats/index.html')).not.toBe(before.edited);
    expect(fs.readFileSync(path.join(outDir, 'public/resources/wire-formats.md'), 'utf8')).toContain('of the wire.');
    // A result built incrementally equals a build from scratch.
    const fresh = await buildWith(content, null);
    expect(changedPaths(fresh.tree, readTree(outDir))).toEqual([]);
  });

  it('renders every page again when something all pages show changes (a title)', async () => {
    const content = copyFixture('minimal');
    const cacheDir = path.join(tempDir(), 'cache');
    const outDir = path.join(tempDir(), 'dist');
    await build({ contentDir: content, outDir, sourceDateEpoch: testEpoch, cacheDir });
    const before = fs.statSync(path.join(outDir, 'public/resources/getting-started/index.html')).ino;
    const file = path.join(content, 'resources', 'wire-formats.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('title: Wire formats', 'title: Wire formats and schemas'));
    await build({ contentDir: content, outDir, sourceDateEpoch: testEpoch, cacheDir });
    expect(fs.statSync(path.join(outDir, 'public/resources/getting-started/index.html')).ino).not.toBe(before);
    const fresh = await buildWith(content, null);
    expect(changedPaths(fresh.tree, readTree(outDir))).toEqual([]);
  });
});
