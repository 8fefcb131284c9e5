import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { searchRoots } from '../src/shared/search/index-format.js';
import { searchSite } from '../src/shared/search/search-site.js';
import { assetCacheBytes } from '../src/worker/asset-cache.js';
import { buildFixture } from './helpers/build-fixture.js';
import { fixturesDir, tempDir } from './helpers/fixtures.js';
import { isolateHeapAfterCollection } from './helpers/isolate-heap.js';
import { startWorkerd } from './helpers/runtimes.js';

const megabyte = 1024 * 1024;
const resources = 8;
const syllables = 'ka lo mi nu pe ra si to vu ze bri dro fla gri plo stu'.split(' ');

/** Made-up words, the same for a given seed: about 70,000 of them, so each is in several resources. */
function wordsFrom(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) >>> 0;
    return state / 2 ** 32;
  };
  return () => Array.from({ length: 2 + Math.floor(next() * 3) }, () => syllables[Math.floor(next() * 16)]).join('');
}

/**
 * A site whose files search reads add up to about twice the isolate's cache: eight resources of
 * 3 MiB (each JSON variant, read for a hit's snippet, is 3.3 MB) and a 6 MB index.
 */
function writeLargeSite(folder: string): string[] {
  const word = wordsFrom(7);
  fs.mkdirSync(path.join(folder, 'resources'), { recursive: true });
  fs.copyFileSync(path.join(fixturesDir, 'minimal', 'site.yaml'), path.join(folder, 'site.yaml'));
  const queries: string[] = [];
  for (let index = 0; index < resources; index++) {
    const sections: string[] = [];
    for (let length = 0; length < 3 * megabyte; ) {
      const paragraphs = Array.from({ length: 4 }, () => `${Array.from({ length: 60 }, word).join(' ')}.`);
      const section = `## Section ${sections.length} ${word()}\n\n${paragraphs.join('\n\n')}\n`;
      sections.push(section);
      length += section.length;
    }
    const title = `Large ${index} ${word()} ${word()}`;
    queries.push(title.split(' ').slice(2).join(' '), `${word()} ${word()}`);
    fs.writeFileSync(
      path.join(folder, 'resources', `large-${index}.md`),
      `---\ntitle: "${title}"\ndescription: "A large resource about ${word()}."\ncategory: data\ntags: [formats]\nupdated: 2026-01-01\n---\n${sections.join('\n')}`,
    );
  }
  return queries;
}

let pub = '';
let queries: string[] = [];
let runtime: Awaited<ReturnType<typeof startWorkerd>>;

beforeAll(async () => {
  const content = path.join(tempDir(), 'large-site');
  queries = writeLargeSite(content);
  const { outDir } = await buildFixture(content);
  pub = path.join(outDir, 'public');
  runtime = await startWorkerd(outDir, {}, 0, { inspector: true });
  // A cold build of 24 MB of Markdown: 30 s alone on 2 cores, and past 60 s beside two other files.
}, 180_000);

afterAll(() => runtime?.close());

/** The MCP `search` tool's hits for `query` on workerd. */
async function searchOverMcp(query: string) {
  const response = await runtime.request('/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search', arguments: { query, limit: 10 } },
    }),
  });
  expect(response.status, response.body.slice(0, 300)).toBe(200);
  return JSON.parse(response.body).result.structuredContent;
}

/** The same search run over the built files directly, with nothing cached. */
async function searchOverFiles(query: string) {
  const reader = {
    json: async <T>(pathname: string) => JSON.parse(fs.readFileSync(path.join(pub, pathname), 'utf8')) as T,
  };
  const { answered, hits } = await searchSite(reader, query, { root: searchRoots.agents, limit: 10 });
  return { query, answered, count: hits.length, results: hits };
}

it('keeps answering searches rightly, and its heap bounded, when what they read is larger than its cache', async () => {
  const read = fs
    .readdirSync(pub, { recursive: true, encoding: 'utf8' })
    .filter((name) => /^api[/\\](search|resources)[/\\].*\.json$/.test(name))
    .reduce((total, name) => total + fs.statSync(path.join(pub, name)).size, 0);
  expect(read).toBeGreaterThan(1.8 * assetCacheBytes);
  for (const query of queries) {
    const answer = await searchOverMcp(query);
    expect(answer.count, query).toBeGreaterThan(0);
    expect(answer, query).toEqual(await searchOverFiles(query));
  }
  // Every file read, kept parsed, was 32 MB of heap; within the cache it is about 17 MB.
  const heap = await isolateHeapAfterCollection(runtime.miniflare);
  console.info(
    `isolate heap after ${queries.length} searches over ${(read / megabyte).toFixed(0)} MB of files: ${(heap / megabyte).toFixed(1)} MB`,
  );
  expect(heap).toBeLessThan(assetCacheBytes * 1.5);
}, 60_000);
