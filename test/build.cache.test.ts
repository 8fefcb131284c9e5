import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import fg from 'fast-glob';
import { describe, expect, it, vi } from 'vitest';
import { build } from '../src/compile/build.js';
import { inputKey, upToDate } from '../src/compile/up-to-date.js';
import { metadataModel } from '../src/compile/output-reuse.js';
import { ParseCache } from '../src/content/parse-cache.js';
import { bodyDigestOf, bodyFactsOf, bodyTokens, carryBody, factsOfBody } from '../src/content/lazy-body.js';
import { bodyHtml, ParseCacheLostError } from '../src/markdown/stored-markdown.js';
import { parseDocument } from '../src/content/parse-document.js';
import { schemaRegistry } from '../src/schemas/registry.js';
import { SourceDigests, sourceDigest } from '../src/cache/source-digests.js';
import type { ContentModel } from '../src/content/model.js';
import { testEpoch } from './helpers/build-fixture.js';
import { cliPath, copyFixture, readTree, repoRoot, tempDir } from './helpers/fixtures.js';
import { removersDone } from './helpers/discarded-outputs.js';

async function buildWith(contentDir: string, cacheDir: string | null) {
  const outDir = path.join(tempDir(), 'dist');
  const result = await build({ contentDir, outDir, sourceDateEpoch: testEpoch, cacheDir });
  expect(result.ok).toBe(true);
  return { outDir, tree: readTree(outDir), result };
}

function changedPaths(before: Map<string, Buffer>, after: Map<string, Buffer>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths]
    .filter((file) => !before.get(file)?.equals(after.get(file) ?? Buffer.alloc(0)) || !after.has(file))
    .sort();
}

/** A copy of the minimal fixture built again and again into one folder with one cache, as `agentdir build` would. */
function incrementalSite() {
  const content = copyFixture('minimal');
  const cacheDir = path.join(tempDir(), 'cache');
  const outDir = path.join(tempDir(), 'dist');
  const run = async () => {
    const result = await build({ contentDir: content, outDir, sourceDateEpoch: testEpoch, cacheDir });
    expect(result.ok).toBe(true);
    return result;
  };
  const equalsFreshBuild = async () =>
    expect(changedPaths((await buildWith(content, null)).tree, readTree(outDir))).toEqual([]);
  return { content, cacheDir, outDir, run, equalsFreshBuild };
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
    fs.writeFileSync(
      file,
      fs
        .readFileSync(file, 'utf8')
        .replace(
          'Use `additionalProperties: false` when you own both ends.',
          'Use `additionalProperties: false` when you own both ends of the wire.',
        ),
    );
    const after = await buildWith(content, cacheDir);
    const changed = changedPaths(before.tree, after.tree);
    // The full-text index: its meta file (average lengths) and the shards of the edited section's words.
    expect(changed).toContain('public/api/search/meta.json');
    expect(changed.filter((file) => file.startsWith('public/api/search/docs/'))).toEqual([]);
    // Its three variants, and every output that carries bodies, word counts or token estimates.
    expect(
      changed.filter((file) => !file.startsWith('public/api/search/') && !file.startsWith('public/search/people/')),
    ).toEqual(
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
    const { content, outDir, run, equalsFreshBuild } = incrementalSite();
    await run();
    const inode = (file: string) => fs.statSync(path.join(outDir, file)).ino;
    const before = {
      kept: inode('public/resources/getting-started/index.html'),
      edited: inode('public/resources/wire-formats/index.html'),
      article: inode('public/api/articles/first-steps.json'),
    };
    const file = path.join(content, 'resources', 'wire-formats.md');
    fs.writeFileSync(
      file,
      fs.readFileSync(file, 'utf8').replace('when you own both ends.', 'when you own both ends of the wire.'),
    );
    await run();
    expect(inode('public/resources/getting-started/index.html')).toBe(before.kept);
    expect(inode('public/api/articles/first-steps.json')).toBe(before.article);
    expect(inode('public/resources/wire-formats/index.html')).not.toBe(before.edited);
    expect(fs.readFileSync(path.join(outDir, 'public/resources/wire-formats.md'), 'utf8')).toContain('of the wire.');
    // A result built incrementally equals a build from scratch.
    await equalsFreshBuild();
  });

  it('writes again a kept page that was deleted, resized or made a folder by hand since the last build', async () => {
    const { content, outDir, run, equalsFreshBuild } = incrementalSite();
    await run();
    const page = (slug: string) => path.join(outDir, 'public', 'resources', slug, 'index.html');
    fs.rmSync(page('getting-started'));
    fs.appendFileSync(page('wire-formats'), 'edited by hand');
    fs.rmSync(path.join(outDir, 'public', 'resources', 'getting-started.md'));
    fs.mkdirSync(path.join(outDir, 'public', 'resources', 'getting-started.md'));
    // A body edit elsewhere, so the build runs and keeps what it may.
    fs.appendFileSync(path.join(content, 'resources', 'data-formats.md'), '\nA new line.\n');
    await run();
    await equalsFreshBuild();
  });

  it('renders again the pages that show an edited title (its guides, tags, category), and keeps the others', async () => {
    const { content, outDir, run, equalsFreshBuild } = incrementalSite();
    await run();
    const inode = (file: string) => fs.statSync(path.join(outDir, file)).ino;
    const before = {
      other: inode('public/resources/wire-formats/index.html'),
      citing: inode('public/articles/basics-guide/index.html'),
      citingJson: inode('public/api/articles/basics-guide.json'),
      notCiting: inode('public/articles/next-steps/index.html'),
      ownTag: inode('public/tags/basics/index.html'),
      otherTag: inode('public/tags/formats/index.html'),
      ownCategory: inode('public/categories/start-here/index.html'),
      otherCategory: inode('public/categories/protocols/index.html'),
    };
    // The basics guide cites getting-started; next-steps and the other resources do not show it.
    const file = path.join(content, 'resources', 'getting-started.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: Starting out'));
    await run();
    expect(inode('public/resources/wire-formats/index.html')).toBe(before.other);
    expect(inode('public/articles/next-steps/index.html')).toBe(before.notCiting);
    expect(inode('public/articles/basics-guide/index.html')).not.toBe(before.citing);
    expect(inode('public/api/articles/basics-guide.json')).not.toBe(before.citingJson);
    // Listing pages: those that list it are rendered again, the others kept.
    expect(inode('public/tags/basics/index.html')).not.toBe(before.ownTag);
    expect(inode('public/categories/start-here/index.html')).not.toBe(before.ownCategory);
    expect(inode('public/tags/formats/index.html')).toBe(before.otherTag);
    expect(inode('public/categories/protocols/index.html')).toBe(before.otherCategory);
    expect(fs.readFileSync(path.join(outDir, 'public/articles/basics-guide/index.html'), 'utf8')).toContain(
      'Starting out',
    );
    await equalsFreshBuild();
  });

  it('equals a fresh build after the title and description of any document change, one after another', async () => {
    const { content, run, equalsFreshBuild } = incrementalSite();
    await run();
    const documents = fg.sync(['resources/*.md', 'articles/*/*.md'], { cwd: content }).sort();
    expect(documents.length).toBeGreaterThanOrEqual(8);
    for (const [index, document] of documents.entries()) {
      const file = path.join(content, document);
      fs.writeFileSync(
        file,
        fs
          .readFileSync(file, 'utf8')
          .replace(/^title: .*$/m, `title: Renamed ${index}`)
          .replace(/^description: .*$/m, `description: A description written anew for this test, number ${index}.`),
      );
      await run();
      await equalsFreshBuild();
    }
  });

  it('copies each unchanged document’s part of the site-wide exports, and makes only the edited one’s', async () => {
    const { content, run, equalsFreshBuild } = incrementalSite();
    const first = await run();
    // corpus.jsonl and corpus.json (5 resources each), the fine-tune sample (3 free), llms-full (5 + 3
    // guides), articles.jsonl (3 guides).
    expect(first.exportParts).toEqual({ copied: 0, made: 24 });
    const file = path.join(content, 'resources', 'wire-formats.md');
    fs.appendFileSync(file, '\nOne more sentence for the exports.\n');
    const second = await run();
    // The edited free resource is one part in each of the four exports; no guide shows its body.
    expect(second.exportParts).toEqual({ copied: 20, made: 4 });
    await equalsFreshBuild();
    // A title is metadata of the document itself: its parts are made again, the others still copied.
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('title: Wire formats', 'title: Wire formats, again'));
    expect((await run()).exportParts).toEqual({ copied: 20, made: 4 });
    await equalsFreshBuild();
    // A guide's line of articles.jsonl shows the titles of the resources it lists: made again with
    // the listed resource's four parts.
    const listed = path.join(content, 'resources', 'getting-started.md');
    fs.writeFileSync(
      listed,
      fs.readFileSync(listed, 'utf8').replace(/^title: .*$/m, 'title: Getting started, renamed'),
    );
    expect((await run()).exportParts).toEqual({ copied: 19, made: 5 });
    await equalsFreshBuild();
  });

  it('keeps the full-text file of each llms.txt section whose documents are unchanged, and remakes the edited one’s', async () => {
    const { content, outDir, run, equalsFreshBuild } = incrementalSite();
    fs.appendFileSync(path.join(content, 'site.yaml'), '\nllms_txt:\n  max_characters: 1000\n');
    await run();
    const folder = path.join(outDir, 'public', 'llms-full');
    const inodes = () =>
      new Map(fs.readdirSync(folder).map((name) => [name, fs.statSync(path.join(folder, name)).ino]));
    const before = inodes();
    expect([...before.keys()].sort()).toEqual([
      'guides-basics.txt',
      'premium-resources.txt',
      'resources-protocols.txt',
      'resources-start-here.txt',
    ]);
    fs.appendFileSync(path.join(content, 'resources', 'wire-formats.md'), '\nOne more sentence for the exports.\n');
    await run();
    const after = inodes();
    const rewritten = [...after].filter(([name, inode]) => before.get(name) !== inode).map(([name]) => name);
    // wire-formats is a protocols resource: only that section's full text holds its body.
    expect(rewritten).toEqual(['resources-protocols.txt']);
    expect(fs.readFileSync(path.join(folder, 'resources-protocols.txt'), 'utf8')).toContain('One more sentence');
    await equalsFreshBuild();
  });

  it('replaces exports of a mebibyte and more by moving the old copy aside, freed in the background', async () => {
    const { content, outDir, run, equalsFreshBuild } = incrementalSite();
    // A body of 1.2 MB makes corpus.jsonl, corpus.json, the fine-tune sample and llms-full.txt larger than 1 MiB.
    const file = path.join(content, 'resources', 'wire-formats.md');
    fs.appendFileSync(file, `\n${'A long paragraph about wire formats. '.repeat(32_000)}\n`);
    await run();
    const corpus = path.join(outDir, 'public', 'api', 'corpus.jsonl');
    expect(fs.statSync(corpus).size).toBeGreaterThan(1 << 20);
    const before = fs.statSync(corpus).ino;
    fs.appendFileSync(file, '\nOne more sentence for the exports.\n');
    await run();
    expect(fs.statSync(corpus).ino).not.toBe(before);
    expect(fs.readFileSync(corpus, 'utf8')).toContain('One more sentence for the exports.');
    // The old copy waits beside the output for a background process to free it; no staging folder is left.
    const beside = () => fs.readdirSync(path.dirname(outDir)).filter((name) => name.startsWith('.agentdir-'));
    const discarded = new RegExp(`^\\.agentdir-discarded-dist-${process.pid}\\.\\d+$`);
    expect(beside().every((name) => discarded.test(name))).toBe(true);
    await removersDone(path.dirname(outDir));
    expect(beside()).toEqual([]);
    await equalsFreshBuild();
  });

  it('keeps the previous grade while nothing it read changed, and grades again when something did', async () => {
    const { content, outDir, run, equalsFreshBuild } = incrementalSite();
    const first = await run();
    expect(first.gradeKept).toBe(false);
    // A guide's body edit changes its pages and the exports, none of which the grade reads here
    // (it samples the resources, all of them in a site this small).
    fs.appendFileSync(path.join(content, 'articles', 'basics', 'next-steps.md'), '\nOne more sentence.\n');
    const second = await run();
    expect(second.gradeKept).toBe(true);
    expect(second.grade).toEqual(first.grade);
    await equalsFreshBuild();
    // A premium body is in the worker data, but only a key holder gets it, and the grade holds no key.
    fs.appendFileSync(path.join(content, 'resources', 'data-formats.md'), '\nOne more premium sentence.\n');
    expect((await run()).gradeKept).toBe(true);
    await equalsFreshBuild();
    // A sampled resource's page is read by the grade: grading again gives the same report.
    fs.appendFileSync(path.join(content, 'resources', 'wire-formats.md'), '\nOne more sentence.\n');
    expect((await run()).gradeKept).toBe(false);
    await equalsFreshBuild();
    // robots.txt is read by the grade, and its Content-Signal line follows site.yaml.
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, 'build-manifest.json'), 'utf8'));
    expect(manifest.gradeInputs.files).toContainEqual(['public/robots.txt', expect.stringMatching(/^[0-9a-f]{64}$/)]);
    fs.appendFileSync(path.join(content, 'site.yaml'), '\ncontent_signals:\n  ai-train: true\n');
    const third = await run();
    expect(third.gradeKept).toBe(false);
    await equalsFreshBuild();
  });

  it('makes every part again when a setting all of them show changes, or the previous export was edited by hand', async () => {
    const { content, outDir, run, equalsFreshBuild } = incrementalSite();
    await run();
    // A body edit, so the build runs; the corpus.jsonl beside it no longer has the size it was written with.
    fs.appendFileSync(path.join(content, 'resources', 'getting-started.md'), '\nA new line.\n');
    fs.appendFileSync(path.join(outDir, 'public/api/corpus.jsonl'), '\n');
    // All 5 of corpus.jsonl, and the edited resource's part of the other three exports.
    expect((await run()).exportParts).toEqual({ copied: 16, made: 8 });
    await equalsFreshBuild();
    fs.appendFileSync(path.join(content, 'site.yaml'), '\nlanguage: en-GB\n');
    expect((await run()).exportParts).toEqual({ copied: 0, made: 24 });
    await equalsFreshBuild();
  });
});

describe('incremental output: pages that list documents, removed documents, interrupted commits', () => {
  it('keeps listing pages (home, tags, categories, clusters) when only a body changes, and renders them again when a title does', async () => {
    const { content, outDir, run, equalsFreshBuild } = incrementalSite();
    await run();
    const listings = [
      'public/index.html',
      'public/tags/formats/index.html',
      'public/categories/protocols/index.html',
      'public/guides/basics/index.html',
    ];
    const inodes = () => listings.map((file) => fs.statSync(path.join(outDir, file)).ino);
    const before = inodes();
    // Which resources are in which category and under which tag: metadata only, so kept too.
    const taxonomies = ['public/api/categories.json', 'public/api/tags.json'];
    const taxonomyInodes = () => taxonomies.map((file) => fs.statSync(path.join(outDir, file)).ino);
    const taxonomiesBefore = taxonomyInodes();
    const file = path.join(content, 'resources', 'wire-formats.md');
    fs.writeFileSync(
      file,
      fs.readFileSync(file, 'utf8').replace('when you own both ends.', 'when you own both ends of the wire.'),
    );
    await run();
    expect(inodes()).toEqual(before);
    expect(taxonomyInodes()).toEqual(taxonomiesBefore);
    await equalsFreshBuild();
    fs.writeFileSync(
      file,
      fs.readFileSync(file, 'utf8').replace('title: Wire formats', 'title: Wire formats and schemas'),
    );
    await run();
    expect(inodes().every((inode, index) => inode !== before[index])).toBe(true);
    expect(fs.readFileSync(path.join(outDir, 'public/tags/formats/index.html'), 'utf8')).toContain(
      'Wire formats and schemas',
    );
    await equalsFreshBuild();
  });

  it('updates the output folder in place when it keeps files, and swaps a new one in when it keeps none', async () => {
    const { content, outDir, run, equalsFreshBuild } = incrementalSite();
    await run();
    const folder = () => fs.statSync(outDir).ino;
    const first = folder();
    const file = path.join(content, 'resources', 'wire-formats.md');
    fs.writeFileSync(
      file,
      fs.readFileSync(file, 'utf8').replace('when you own both ends.', 'when you own both ends of the wire.'),
    );
    await run();
    expect(folder()).toBe(first);
    // The site's name is on every page, and the full-text index's term files (which do not show it)
    // are gone: nothing is kept.
    const site = path.join(content, 'site.yaml');
    fs.writeFileSync(site, fs.readFileSync(site, 'utf8').replace(/^name: .*$/m, 'name: Renamed directory'));
    fs.rmSync(path.join(outDir, 'public', 'api', 'search', 'terms'), { recursive: true });
    await run();
    expect(folder()).not.toBe(first);
    await equalsFreshBuild();
  });

  it('removes every output of a deleted resource, folders included', async () => {
    const { content, outDir, run, equalsFreshBuild } = incrementalSite();
    const extra = path.join(content, 'resources', 'schema-evolution.md');
    fs.writeFileSync(
      extra,
      fs
        .readFileSync(path.join(content, 'resources', 'wire-formats.md'), 'utf8')
        .replace('title: Wire formats', 'title: Schema evolution'),
    );
    await run();
    expect(fs.existsSync(path.join(outDir, 'public/resources/schema-evolution/index.html'))).toBe(true);
    fs.rmSync(extra);
    await run();
    for (const gone of [
      'public/resources/schema-evolution',
      'public/resources/schema-evolution.md',
      'public/api/resources/schema-evolution.json',
    ])
      expect(fs.existsSync(path.join(outDir, gone))).toBe(false);
    await equalsFreshBuild();
  });

  it('after a commit that was cut short (a manifest that trusts nothing), builds in full and drops files no build makes', async () => {
    const { outDir, run, equalsFreshBuild } = incrementalSite();
    await run();
    // What an in-place commit leaves until it finishes: every file either build wrote, none trusted.
    const manifestFile = path.join(outDir, 'build-manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { files: [string, number][] };
    const files = [...manifest.files.map(([file]) => [file, -1]), ['public/half-written.html', -1]];
    fs.writeFileSync(manifestFile, JSON.stringify({ generator: 'agentdir', inputKey: '', files, summary: null }));
    fs.writeFileSync(path.join(outDir, 'public', 'half-written.html'), 'left over');
    await run();
    expect(fs.existsSync(path.join(outDir, 'public', 'half-written.html'))).toBe(false);
    await equalsFreshBuild();
  });

  it('refuses to let an emitter listed as metadata-only read a body', () => {
    const model = {
      dir: '/',
      site: {},
      resources: [{ slug: 'a', title: 'A', body: 'text', rendered: {} }],
      clusters: [],
      articles: [],
      paths: [],
    } as unknown as ContentModel;
    const view = metadataModel(model).resources[0]!;
    expect(view.title).toBe('A');
    expect(() => view.body).toThrow(/read `body` of `a`/);
    expect(() => view.rendered).toThrow(/read `rendered`/);
    expect(Object.keys(view)).not.toContain('body');
  });
});

describe('the parse cache on disk', () => {
  const packFolder = (cacheDir: string) => {
    const [compiler] = fs.readdirSync(path.join(cacheDir, 'parse'));
    const [site] = fs.readdirSync(path.join(cacheDir, 'parse', compiler!));
    return path.join(cacheDir, 'parse', compiler!, site!);
  };
  const packFiles = (folder: string) => fs.readdirSync(folder).filter((name) => name.startsWith('pack-'));
  const htmlFiles = (cacheDir: string) =>
    fs.readdirSync(packFolder(cacheDir)).filter((name) => name.startsWith('html-'));
  const packs = (cacheDir: string) => {
    const folder = packFolder(cacheDir);
    return new Map(
      packFiles(folder).map((name) => [
        name,
        {
          mtime: fs.statSync(path.join(folder, name)).mtimeMs,
          entries: (v8.deserialize(fs.readFileSync(path.join(folder, name))) as Map<string, unknown>).size,
        },
      ]),
    );
  };

  it('keeps documents in a few pack files; an edit rewrites one pack and a deleted document leaves it', async () => {
    const { content, cacheDir, run } = incrementalSite();
    await run();
    const documents = fs.readdirSync(path.join(content, 'resources')).length + 3;
    const before = packs(cacheDir);
    expect([...before.values()].reduce((sum, pack) => sum + pack.entries, 0)).toBe(documents);
    // At most 64 packs, whatever the number of documents.
    expect([...before.keys()].every((name) => /^pack-\d\d\.bin$/.test(name) && Number(name.slice(5, 7)) < 64)).toBe(
      true,
    );
    const file = path.join(content, 'resources', 'wire-formats.md');
    const packOf = () =>
      `pack-${String(parseInt(ParseCache.keyOf({ file, kind: 'resource' }, sourceDigest(fs.readFileSync(file))).slice(0, 2), 16) % 64).padStart(2, '0')}.bin`;
    const oldPack = packOf();
    fs.appendFileSync(file, '\nOne more sentence.\n');
    const newPack = packOf();
    await run();
    const after = packs(cacheDir);
    // Only the pack the edited document moves into is written, and the one it left (rewritten or dropped).
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
      (name) => after.get(name)?.mtime !== before.get(name)?.mtime,
    );
    expect(changed).toContain(newPack);
    expect(changed.every((name) => name === newPack || name === oldPack)).toBe(true);
    const extra = path.join(content, 'resources', 'schema-evolution.md');
    fs.writeFileSync(extra, fs.readFileSync(file, 'utf8').replace('title: Wire formats', 'title: Schema evolution'));
    await run();
    expect([...packs(cacheDir).values()].reduce((sum, pack) => sum + pack.entries, 0)).toBe(documents + 1);
    fs.rmSync(extra);
    await run();
    expect([...packs(cacheDir).values()].reduce((sum, pack) => sum + pack.entries, 0)).toBe(documents);
    // Each pack's body HTML is in a file beside it, and at most the previous write's lingers.
    const perPack = new Map<string, number>();
    for (const name of htmlFiles(cacheDir)) perPack.set(name.slice(5, 7), (perPack.get(name.slice(5, 7)) ?? 0) + 1);
    expect([...perPack.keys()].sort()).toEqual([...packs(cacheDir).keys()].map((name) => name.slice(5, 7)).sort());
    expect([...perPack.values()].every((count) => count <= 2)).toBe(true);
  });

  it('parses again the documents of a pack whose HTML file was removed, instead of failing on it', async () => {
    const { content, cacheDir, run, equalsFreshBuild } = incrementalSite();
    await run();
    for (const name of htmlFiles(cacheDir)) fs.rmSync(path.join(packFolder(cacheDir), name));
    // The guide that cites getting-started shows its title: its page is rendered again, from its HTML.
    const file = path.join(content, 'resources', 'getting-started.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: Getting started, again'));
    await run();
    await equalsFreshBuild();
    expect(htmlFiles(cacheDir).length).toBeGreaterThan(0);
  });

  /** A parse cache holding one parsed note whose body is `body`, saved to disk. */
  const cachedNote = (body: string) => {
    const cacheDir = path.join(tempDir(), 'cache');
    const file = path.join(tempDir(), 'note.md');
    const text = `---\ntitle: A note\n---\n\n${body}\n`;
    const key = ParseCache.keyOf({ file, kind: 'resource' }, sourceDigest(Buffer.from(text)));
    const parsed = parseDocument({ file, text, kind: 'resource' }, schemaRegistry().validator('resource.frontmatter'));
    const first = new ParseCache(cacheDir, 'site');
    first.set(key, parsed);
    first.save();
    return { cacheDir, key, parsed };
  };

  it('says so, by name, when another process removes the HTML a loaded pack points into', () => {
    const { cacheDir, key, parsed } = cachedNote('Some *body*.');
    const reader = new ParseCache(cacheDir, 'site');
    const loaded = reader.get(key)!;
    for (const name of htmlFiles(cacheDir)) fs.rmSync(path.join(packFolder(cacheDir), name));
    expect(() => bodyHtml(loaded.rendered!)).toThrow(ParseCacheLostError);
    // The next build counts the pack as empty; once it is written again, the bytes read back are the parse's.
    const again = new ParseCache(cacheDir, 'site');
    expect(again.get(key)).toBeUndefined();
    again.set(key, parsed);
    again.save();
    expect(bodyHtml(new ParseCache(cacheDir, 'site').get(key)!.rendered!)).toBe(bodyHtml(parsed.rendered!));
  });

  it('keeps the files a loaded document points into when its pack is written again, the cache folder given relative or not', () => {
    const cacheDir = path.join(tempDir(), 'cache');
    const file = path.join(tempDir(), 'note.md');
    const text = '---\ntitle: A note\n---\n\nSome *body*.\n';
    const key = ParseCache.keyOf({ file, kind: 'resource' }, sourceDigest(Buffer.from(text)));
    const parsed = parseDocument({ file, text, kind: 'resource' }, schemaRegistry().validator('resource.frontmatter'));
    // The build API given a relative folder, then the CLI (which resolves it) on the same cache.
    const first = new ParseCache(path.relative(process.cwd(), cacheDir), 'site');
    first.set(key, parsed);
    first.save();
    const reader = new ParseCache(cacheDir, 'site');
    const loaded = reader.get(key)!;
    // Its pack written again (as when another of its documents was edited) while it is still unread.
    reader.set(key, parsed);
    reader.save();
    expect(bodyHtml(loaded.rendered!)).toBe(bodyHtml(parsed.rendered!));
    expect(loaded.body).toBe(parsed.body);
  });

  it('leaves a loaded document’s body in the cache file until it is read, and knows its digest, length and blankness without it', () => {
    const { cacheDir, key, parsed } = cachedNote('Some *body*, with “curly” quotes.');
    const loaded = new ParseCache(cacheDir, 'site').get(key)!;
    // With the cache file gone, what the build keys and counts by is still known; the text is not.
    for (const name of htmlFiles(cacheDir)) fs.rmSync(path.join(packFolder(cacheDir), name));
    expect(bodyFactsOf(loaded)).toEqual(factsOfBody(parsed.body));
    expect(bodyTokens(loaded)).toBe(Math.ceil(parsed.body.length / 4));
    expect(() => loaded.body).toThrow(ParseCacheLostError);
    // A document assembled from it carries the body unread, and a copy made by spreading holds the text.
    const again = new ParseCache(cacheDir, 'site');
    again.set(key, parsed);
    again.save();
    const assembled = carryBody({ slug: 'note' }, new ParseCache(cacheDir, 'site').get(key)!);
    expect(bodyDigestOf(assembled)).toBe(factsOfBody(parsed.body).digest);
    expect({ ...assembled }).toEqual({ slug: 'note', body: parsed.body });
  });

  /** `agentdir build` of `content` with `cacheDir`, killed after 30 s: a read that waits on a pipe fails the test. */
  const cliBuild = (content: string, cacheDir: string, outDir: string) =>
    spawnSync(process.execPath, [cliPath, 'build', content, '--out', outDir, '--cache-dir', cacheDir], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 30_000,
    });

  it('rebuilds a pack or a digest table found to be a named pipe, rather than waiting on it', async () => {
    const content = copyFixture('minimal');
    const cacheDir = path.join(tempDir(), 'cache');
    const outDir = path.join(tempDir(), 'dist');
    // Files settled for two seconds are remembered in the digest table, so the first build writes one.
    await sleep(2_100);
    expect(cliBuild(content, cacheDir, outDir).status).toBe(0);
    const cacheFiles = () =>
      fg.sync(['parse/*/*/pack-*', 'sources/*'], { cwd: cacheDir, onlyFiles: false, absolute: true });
    const planted = cacheFiles();
    expect(planted.some((file) => file.includes(`${path.sep}sources${path.sep}`))).toBe(true);
    for (const file of planted) {
      fs.rmSync(file);
      expect(spawnSync('mkfifo', [file]).status).toBe(0);
    }
    fs.appendFileSync(path.join(content, 'resources', 'wire-formats.md'), '\nOne more sentence.\n');
    const result = cliBuild(content, cacheDir, outDir);
    expect(result.signal, 'killed after 30 s: the build waited on a pipe in the cache').toBeNull();
    expect(result.status, result.stderr).toBe(0);
    expect(cacheFiles().filter((file) => !fs.lstatSync(file).isFile())).toEqual([]);
  });

  it('keeps the worker’s crawler patterns in the cache folder, and gives the worker those', () => {
    const content = copyFixture('minimal');
    const cacheDir = path.join(tempDir(), 'cache');
    const outDir = path.join(tempDir(), 'dist');
    expect(cliBuild(content, cacheDir, outDir).status).toBe(0);
    const stored = JSON.parse(fs.readFileSync(path.join(cacheDir, 'agent-patterns.json'), 'utf8')) as {
      patterns: { pattern: string; name: string }[];
    };
    const workerAgents = () =>
      (
        JSON.parse(fs.readFileSync(path.join(outDir, 'worker', 'data', 'worker-data.json'), 'utf8')) as {
          readers: { agents: unknown[] };
        }
      ).readers.agents;
    expect(stored.patterns.length).toBeGreaterThan(100);
    expect(workerAgents()).toEqual(stored.patterns);
    // A later build reads them from there: a name changed in the cache reaches the worker.
    stored.patterns[0]!.name = 'Named from the cache';
    fs.writeFileSync(path.join(cacheDir, 'agent-patterns.json'), JSON.stringify(stored));
    fs.appendFileSync(path.join(content, 'resources', 'wire-formats.md'), '\nOne more sentence.\n');
    expect(cliBuild(content, cacheDir, outDir).status).toBe(0);
    expect(workerAgents()[0]).toMatchObject({ name: 'Named from the cache' });
  });

  it('removes temporaries a killed build left in the cache, and leaves one being written alone', async () => {
    const content = copyFixture('minimal');
    const cacheDir = path.join(tempDir(), 'cache');
    const outDir = path.join(tempDir(), 'dist');
    await sleep(2_100);
    expect(cliBuild(content, cacheDir, outDir).status).toBe(0);
    const [table] = fg.sync('sources/*.json', { cwd: cacheDir, absolute: true });
    const abandoned = `${table}.4242.k1ll3d.tmp`;
    const current = `${table}.4243.wr1t1ng.tmp`;
    for (const file of [abandoned, current]) fs.writeFileSync(file, 'half a write');
    const hourAgo = Date.now() / 1000 - 3600;
    fs.utimesSync(abandoned, hourAgo, hourAgo);
    fs.appendFileSync(path.join(content, 'resources', 'wire-formats.md'), '\nOne more sentence.\n');
    expect(cliBuild(content, cacheDir, outDir).status).toBe(0);
    expect(fs.existsSync(abandoned)).toBe(false);
    expect(fs.existsSync(current)).toBe(true);
  });

  it('keeps each document’s metadata digests by its parse, and uses them while its file is unchanged', async () => {
    const { content, cacheDir, run, equalsFreshBuild } = incrementalSite();
    const first = await run();
    const table = path.join(packFolder(cacheDir), 'metadata-digests.json');
    const entries = () => (JSON.parse(fs.readFileSync(table, 'utf8')) as { documents: string[][] }).documents;
    expect(entries()).toHaveLength(first.resources + first.articles);
    const resource = path.join(content, 'resources', 'wire-formats.md');
    const digestsOf = (table: string[][]) => table.map(([, ...digests]) => digests.join()).sort();
    const added = (before: string[][], after: string[][]) =>
      after.filter((entry) => !before.some((old) => old.join() === entry.join()));
    // A body edit gives the file a new parse and so a new entry, with the same digests.
    const initial = entries();
    fs.appendFileSync(resource, '\nOne more sentence.\n');
    const bodyEdit = await run();
    expect(added(initial, entries())).toHaveLength(1);
    expect(digestsOf(entries())).toEqual(digestsOf(initial));
    // A title edit changes its digests, and only its.
    const before = entries();
    fs.writeFileSync(
      resource,
      fs.readFileSync(resource, 'utf8').replace(/^title: .*$/m, 'title: Wire formats, renamed'),
    );
    await run();
    const after = entries();
    expect(added(before, after)).toHaveLength(1);
    expect(digestsOf(after).filter((digests) => !digestsOf(before).includes(digests))).toHaveLength(1);
    await equalsFreshBuild();
    // What the build goes by: an unchanged document's digest altered in the table alters the page
    // context, so the next body edit renders every page again instead of keeping them.
    const altered = after.map(([key, metadata, structure], index) => [
      key,
      index === 0 ? `x${metadata}` : metadata,
      structure,
    ]);
    fs.writeFileSync(table, JSON.stringify({ version: 1, documents: altered }));
    fs.appendFileSync(resource, '\nAnother sentence.\n');
    expect((await run()).kept?.files).toBeLessThan(bodyEdit.kept?.files ?? 0);
    // A torn table is no table: every document is digested again, and the output is a fresh build's.
    fs.writeFileSync(table, '{"version": 1, "docum');
    fs.appendFileSync(resource, '\nA third sentence.\n');
    await run();
    expect(entries()).toHaveLength(first.resources + first.articles);
    await equalsFreshBuild();
  });

  it('reads the body HTML of no document whose page it keeps, and the output equals a fresh build', async () => {
    const { content, cacheDir, run, equalsFreshBuild } = incrementalSite();
    await run();
    fs.appendFileSync(path.join(content, 'resources', 'wire-formats.md'), '\nOne more sentence.\n');
    const opened = vi.spyOn(fs, 'openSync');
    const readWhole = vi.spyOn(fs, 'readFileSync');
    try {
      await run();
    } finally {
      opened.mockRestore();
      readWhole.mockRestore();
    }
    const htmlReads = [...opened.mock.calls, ...readWhole.mock.calls]
      .map(([file]) => String(file))
      .filter((file) => path.basename(file).startsWith('html-'));
    expect(htmlFiles(cacheDir).length).toBeGreaterThan(0);
    // The edited resource was parsed again; at most the pack it moved into was copied, its HTML read whole once.
    expect(htmlReads.length).toBeLessThanOrEqual(2);
    await equalsFreshBuild();
  });
});

describe('unchanged files are not read again', () => {
  /** The Markdown files of `content` a build read (or opened to read), as paths relative to it. */
  async function documentsReadBy(content: string, run: () => Promise<unknown>): Promise<string[]> {
    const read = vi.spyOn(fs, 'readFileSync');
    const opened = vi.spyOn(fs, 'openSync');
    try {
      await run();
      return [
        ...new Set(
          [...read.mock.calls, ...opened.mock.calls]
            .map(([file]) => String(file))
            .filter((file) => file.startsWith(content) && file.endsWith('.md'))
            .map((file) => path.relative(content, file).split(path.sep).join('/')),
        ),
      ].sort();
    } finally {
      read.mockRestore();
      opened.mockRestore();
    }
  }

  it('reads only the edited document once the others have settled, and the output equals a fresh build', async () => {
    const { content, cacheDir, run, equalsFreshBuild } = incrementalSite();
    await run();
    // The clock a minute on: every file has settled, so its digest is remembered under its status.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    try {
      await run();
      expect(fs.readdirSync(path.join(cacheDir, 'sources'))).toHaveLength(1);
      const file = path.join(content, 'resources', 'wire-formats.md');
      fs.appendFileSync(file, '\nOne more sentence.\n');
      expect(await documentsReadBy(content, run)).toEqual(['resources/wire-formats.md']);
      expect(await documentsReadBy(content, run)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
    await equalsFreshBuild();
  });

  it('sees a file rewritten with its old size and modification time (as rsync -t or touch -d leave it)', async () => {
    const { content, outDir, run, equalsFreshBuild } = incrementalSite();
    const file = path.join(content, 'resources', 'wire-formats.md');
    // A whole second, which utimes sets exactly (a Date would round its nanoseconds away).
    const stamp = 1_700_000_000;
    fs.utimesSync(file, stamp, stamp);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    try {
      await run();
      const { size, mtimeNs } = fs.statSync(file, { bigint: true });
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('own both ends', 'own BOTH ends'));
      fs.utimesSync(file, stamp, stamp);
      expect(fs.statSync(file, { bigint: true })).toMatchObject({ size, mtimeNs });
      await run();
    } finally {
      vi.useRealTimers();
    }
    expect(fs.readFileSync(path.join(outDir, 'public/resources/wire-formats.md'), 'utf8')).toContain('own BOTH ends');
    await equalsFreshBuild();
  });

  it('reads again a file that changed too recently to vouch for, and forgets files that are gone', () => {
    const content = copyFixture('minimal');
    const cacheDir = path.join(tempDir(), 'cache');
    const file = path.join(content, 'resources', 'wire-formats.md');
    const status = () => fs.statSync(file, { bigint: true });
    const later = () => status().ctimeNs + 10_000_000_000n;
    // Just written: read, and not remembered.
    const fresh = new SourceDigests(cacheDir, content);
    expect(fresh.digestOf(file, status())!.bytes).toBeDefined();
    fresh.save();
    expect(new SourceDigests(cacheDir, content).digestOf(file, status())!.bytes).toBeDefined();
    // Settled: remembered, and the next check does not read it.
    const settled = new SourceDigests(cacheDir, content, later);
    const { digest } = settled.digestOf(file, status())!;
    settled.save();
    expect(new SourceDigests(cacheDir, content, later).digestOf(file, status())).toEqual({ digest });
    // Replaced by rename (an editor's atomic save), same bytes: a new inode, so read again, same digest.
    fs.writeFileSync(`${file}.tmp`, fs.readFileSync(file));
    fs.renameSync(`${file}.tmp`, file);
    const renamed = new SourceDigests(cacheDir, content, later).digestOf(file, status())!;
    expect(renamed.bytes).toBeDefined();
    expect(renamed.digest).toBe(digest);
    // A check that no longer meets a file drops it from the table.
    const empty = new SourceDigests(cacheDir, content, later);
    empty.save();
    const table = JSON.parse(
      fs.readFileSync(path.join(cacheDir, 'sources', fs.readdirSync(path.join(cacheDir, 'sources'))[0]!), 'utf8'),
    );
    expect(table.files).toEqual({});
  });
});
