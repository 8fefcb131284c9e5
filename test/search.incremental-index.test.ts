import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../scripts/bench/generate.mjs';
import { build } from '../src/compile/build.js';
import { testEpoch } from './helpers/build-fixture.js';
import { copyFixture, readTree, tempDir } from './helpers/fixtures.js';
import { type SearchMeta, type SearchShard, shardOf } from '../src/shared/search/index-format.js';

/** The search fixture has audience controls, so both indexes (agents' and people's) are written in full. */
const indexFolders = ['public/api/search/', 'public/search/people/'];

/** The files of the full-text indexes of a built site, relative path -> bytes. */
function searchIndexFiles(outDir: string): Map<string, Buffer> {
  return new Map([...readTree(outDir)].filter(([file]) => indexFolders.some((folder) => file.startsWith(folder))));
}

/** The search fixture built again and again into one folder with one cache, as `agentdir build` does. */
function cachedSite() {
  const content = copyFixture('search');
  const cacheDir = path.join(tempDir(), 'cache');
  const outDir = path.join(tempDir(), 'dist');
  const run = async () => {
    const result = await build({ contentDir: content, outDir, sourceDateEpoch: testEpoch, cacheDir });
    expect(result.ok).toBe(true);
    return result;
  };
  /** Asserts every index file equals, byte for byte, a build of the same content without any cache. */
  const equalsColdBuild = async () => {
    const coldOut = path.join(tempDir(), 'dist');
    expect((await build({ contentDir: content, outDir: coldOut, sourceDateEpoch: testEpoch })).ok).toBe(true);
    const cold = searchIndexFiles(coldOut);
    const cached = searchIndexFiles(outDir);
    expect([...cached.keys()].sort()).toEqual([...cold.keys()].sort());
    for (const [file, bytes] of cold) expect(cached.get(file)?.toString('utf8'), file).toBe(bytes.toString('utf8'));
  };
  const edit = (file: string, change: (text: string) => string) => {
    const full = path.join(content, file);
    fs.writeFileSync(full, change(fs.readFileSync(full, 'utf8')));
  };
  return { content, cacheDir, outDir, run, equalsColdBuild, edit };
}

/** Parts of the fixture's documents: 6 resources and 3 guides, in each audience's index. */
const parts = 18;

describe('the full-text index after one change', () => {
  it('cuts into words only the edited document, and equals a cold build of the changed content', async () => {
    const site = cachedSite();
    expect((await site.run()).searchParts).toEqual({ kept: 0, made: parts });
    site.edit(
      'resources/wire-formats.md',
      (text) => `${text}\n## Framing\n\nLength-prefixed frames beat delimiters.\n`,
    );
    // The edited resource's part for each audience is made again; every other comes from the cache.
    expect((await site.run()).searchParts).toEqual({ kept: parts - 2, made: 2 });
    await site.equalsColdBuild();
    expect((await site.run()).searchParts).toEqual({ kept: parts, made: 0 });
  });

  it('equals a cold build after a document is deleted, and after one is added', async () => {
    const site = cachedSite();
    await site.run();
    fs.rmSync(path.join(site.content, 'resources', 'data-formats.md'));
    site.edit('paths.yaml', (text) => text.replace('data-formats, ', ''));
    expect((await site.run()).searchParts).toEqual({ kept: parts - 2, made: 0 });
    await site.equalsColdBuild();
    fs.writeFileSync(
      path.join(site.content, 'resources', 'backoff-schedules.md'),
      fs
        .readFileSync(path.join(site.content, 'resources', 'json-api.md'), 'utf8')
        .replace(/^title: .*$/m, 'title: Backoff schedules')
        .replace(/^description: .*$/m, 'description: Exponential backoff with jitter, and when to stop retrying.'),
    );
    expect((await site.run()).searchParts).toEqual({ kept: parts - 2, made: 2 });
    await site.equalsColdBuild();
  });

  it('makes every part again when a site setting changes (its URL, which every hit links to)', async () => {
    const site = cachedSite();
    await site.run();
    site.edit('site.yaml', (text) => text.replace(/^url: .*$/m, 'url: https://docs.example.org'));
    expect((await site.run()).searchParts).toEqual({ kept: 0, made: parts });
    await site.equalsColdBuild();
  });

  it('leaves in the cache only the parts the last build used', async () => {
    const site = cachedSite();
    await site.run();
    fs.rmSync(path.join(site.content, 'resources', 'data-formats.md'));
    site.edit('paths.yaml', (text) => text.replace('data-formats, ', ''));
    await site.run();
    const [compiler] = fs.readdirSync(path.join(site.cacheDir, 'search'));
    const [folder] = fs.readdirSync(path.join(site.cacheDir, 'search', compiler!));
    const packs = path.join(site.cacheDir, 'search', compiler!, folder!);
    const { deserialize } = await import('node:v8');
    const keys = fs
      .readdirSync(packs)
      .filter((name) => name.startsWith('pack-'))
      .flatMap((name) => [...(deserialize(fs.readFileSync(path.join(packs, name))) as Map<string, unknown>).keys()]);
    expect(keys).toHaveLength(parts - 2);
  });

  it('writes again only the shards and chunks an edit changes, and keeps the others as they were', async () => {
    const content = path.join(tempDir(), 'directory');
    generate(content, { shape: 'directory', resources: 120, clusters: 1, articlesPerCluster: 2 });
    const outDir = path.join(tempDir(), 'dist');
    const cacheDir = path.join(tempDir(), 'cache');
    const run = async () =>
      expect((await build({ contentDir: content, outDir, sourceDateEpoch: testEpoch, cacheDir })).ok).toBe(true);
    await run();
    const folder = path.join(outDir, indexFolders[0]!);
    const files = () =>
      new Map([...searchIndexFiles(outDir).keys()].map((file) => [file, fs.statSync(path.join(outDir, file)).ino]));
    const before = files();
    const edited = fs.readdirSync(path.join(content, 'resources')).sort()[20]!;
    fs.appendFileSync(path.join(content, 'resources', edited), '\nA zygomorphic paragraph, in no other document.\n');
    await run();
    const after = files();
    expect([...after.keys()]).toEqual([...before.keys()]);
    const rewritten = [...after].filter(([file, inode]) => before.get(file) !== inode).map(([file]) => file);
    const meta = JSON.parse(fs.readFileSync(path.join(folder, 'meta.json'), 'utf8')) as SearchMeta;
    const shard = `${indexFolders[0]}terms/${shardOf('zygomorph', meta.shards)}.json`;
    expect(fs.readFileSync(path.join(outDir, shard), 'utf8')).toContain('"zygomorph"');
    // The meta file (its averages moved), the new word's shard, and the chunk of the 21st document.
    expect(rewritten).toEqual(
      expect.arrayContaining([`${indexFolders[0]}meta.json`, shard, `${indexFolders[0]}docs/1.json`]),
    );
    expect(rewritten.filter((file) => file.includes('/docs/'))).toEqual([`${indexFolders[0]}docs/1.json`]);
    expect(meta.shards).toBeGreaterThan(2);
    expect(rewritten.filter((file) => file.includes('/terms/')).length).toBeLessThan(meta.shards);
    const coldOut = path.join(tempDir(), 'dist');
    expect((await build({ contentDir: content, outDir: coldOut, sourceDateEpoch: testEpoch })).ok).toBe(true);
    expect(searchIndexFiles(outDir)).toEqual(searchIndexFiles(coldOut));
  });

  it('writes each shard as JSON.stringify orders the object: terms that are numbers first, by value', async () => {
    const site = cachedSite();
    site.edit(
      'resources/wire-formats.md',
      (text) => `${text}\nVersions 2026, 10, 42 and 007 of 4294967294 and 4294967295.\n`,
    );
    await site.run();
    const texts = [...searchIndexFiles(site.outDir)]
      .filter(([file]) => file.includes('/terms/'))
      .map(([, bytes]) => bytes.toString('utf8'));
    const numbers = texts
      .flatMap((text) => Object.keys((JSON.parse(text) as SearchShard).postings))
      .filter((term) => /^\d+$/.test(term));
    expect(numbers).toEqual(expect.arrayContaining(['2026', '10', '42', '007', '4294967294', '4294967295']));
    for (const text of texts) expect(JSON.stringify(JSON.parse(text))).toBe(text);
  });

  it('patches in the postings of the changed documents, reading no other part, or merges every part when it cannot', async () => {
    const site = cachedSite();
    await site.run();
    const [compiler] = fs.readdirSync(path.join(site.cacheDir, 'search'));
    const [folder] = fs.readdirSync(path.join(site.cacheDir, 'search', compiler!));
    const cache = path.join(site.cacheDir, 'search', compiler!, folder!);
    const file = (name: string) => path.join(cache, name);
    expect(fs.readdirSync(cache)).toEqual(expect.arrayContaining(['merged-agents.bin', 'merged-people.bin']));
    // Every part gone: a build that patches needs only the edited document's, which it makes.
    for (const name of fs.readdirSync(cache).filter((name) => name.startsWith('pack-'))) fs.rmSync(file(name));
    site.edit('resources/wire-formats.md', (text) => `${text}\nSliding windows bound the frames in flight.\n`);
    expect((await site.run()).searchParts).toEqual({ kept: parts - 2, made: 2 });
    await site.equalsColdBuild();
    // Merged postings torn or of another shape: every part is read (or made) again, and the output holds.
    fs.writeFileSync(file('merged-agents.bin'), fs.readFileSync(file('merged-agents.bin')).subarray(0, 100));
    fs.writeFileSync(file('merged-people.bin'), 'not postings');
    site.edit('resources/wire-formats.md', (text) => `${text}\nAcknowledgements free the window.\n`);
    expect((await site.run()).searchParts).toEqual({ kept: 0, made: parts });
    await site.equalsColdBuild();
  });

  it('writes only the patched documents beside the merged postings, and applies them on the next build', async () => {
    const site = cachedSite();
    await site.run();
    const [compiler] = fs.readdirSync(path.join(site.cacheDir, 'search'));
    const [folder] = fs.readdirSync(path.join(site.cacheDir, 'search', compiler!));
    const file = (name: string) => path.join(site.cacheDir, 'search', compiler!, folder!, name);
    const merged = fs.readFileSync(file('merged-agents.bin'));
    site.edit('resources/wire-formats.md', (text) => `${text}\nSliding windows bound the frames in flight.\n`);
    await site.run();
    // The merged postings stay as the first build wrote them; the edited document's part is beside them.
    expect(fs.readFileSync(file('merged-agents.bin')).equals(merged)).toBe(true);
    expect(fs.existsSync(file('patch-agents.bin'))).toBe(true);
    await site.equalsColdBuild();
    // A second edit, of another document: both are in the patch, and the index holds both.
    site.edit('resources/retry-budgets.md', (text) => `${text}\nJitter spreads the retries of many clients apart.\n`);
    expect((await site.run()).searchParts).toEqual({ kept: parts - 2, made: 2 });
    expect(fs.readFileSync(file('merged-agents.bin')).equals(merged)).toBe(true);
    await site.equalsColdBuild();
    // A patch lost or torn: the merged postings alone are patched with what differs from them.
    fs.rmSync(file('patch-agents.bin'));
    fs.writeFileSync(file('patch-people.bin'), 'not a patch');
    site.edit('resources/wire-formats.md', (text) => `${text}\nAcknowledgements free the window.\n`);
    await site.run();
    await site.equalsColdBuild();
  });
});
