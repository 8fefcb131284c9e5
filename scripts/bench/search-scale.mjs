#!/usr/bin/env node
// `npm run bench:search-scale`: full-text search at size (README: Search). For each size (96: the
// default content/ folder; other sizes: seeded generated resources, generate.mjs) it builds the site
// once, then asks the same queries of the MCP `search` tool (POST /mcp, tools/call) on the built
// worker in real workerd (Miniflare) and on `agentdir serve`, and prints per size and runtime: the
// index on disk (bytes, shards, largest shard), what one query parses (bytes and shards, as a fresh
// isolate reads them), query latency (p50/p95/max: each query's first time, then again with the
// files it read cached, then 8 at a time), and memory (workerd: the process's RSS, a proxy for the
// isolate, and the worker isolate's V8 heap through the inspector; serve: the Node process's RSS).
//
// Options: --sizes 96,4000,50000 (the default), --concurrency 4,8 (the default: a pass with that many
// requests at once for each; 0 skips them; past four at once an isolate answers 503 and Retry-After),
// --one-change (for generated sizes: touch one resource's body, rebuild with the cache, time the
// search index again), --json [file] (default test-output/bench-search-scale.json), --keep (leave
// the generated folders and builds in the temporary folder it names).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Miniflare } from 'miniflare';
import WebSocket from 'ws';
import { searchRoots } from '../../lib/shared/search/index-format.js';
import { searchSite } from '../../lib/shared/search/search-site.js';
import { generate, random } from './generate.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = path.join(root, 'bin', 'agentdir.js');
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const sizes = (option('--sizes') ?? '96,4000,50000').split(',').map((size) => Number(size.replace(/_/g, '')));
if (sizes.some((size) => !Number.isInteger(size) || size < 1)) {
  console.error(
    `--sizes takes resource counts separated by commas (e.g. \`--sizes 96,4000\`), not "${option('--sizes')}".`,
  );
  process.exit(2);
}
const keep = args.includes('--keep');
const concurrencies = (option('--concurrency') ?? '4,8')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const jsonOut = args.includes('--json')
  ? path.resolve(
      option('--json')?.startsWith('--') === false
        ? option('--json')
        : path.join(root, 'test-output', 'bench-search-scale.json'),
    )
  : undefined;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agentdir-search-scale-'));
/** The size that is the default content/ folder rather than a generated one. */
const contentSize = fs
  .readdirSync(path.join(root, 'content', 'resources'))
  .filter((name) => name.endsWith('.md')).length;

const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const warmUp = ['warm up', 'index shards', 'search the site', 'how do I start', 'a question about pricing'];

// ---------------------------------------------------------------------------------------------
// Building and measuring the index

/** Runs a build with `--timings`: its wall time and the search index emitter's time. */
function build(content, out, cache) {
  const started = performance.now();
  const { status, stderr } = spawnSync(
    process.execPath,
    [cli, 'build', content, '--out', out, '--cache-dir', cache, '--quiet', '--timings'],
    { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 2 ** 20 },
  );
  if (status !== 0) throw new Error(`agentdir build ${content} exited ${status}:\n${stderr.slice(0, 2000)}`);
  return buildTimes(stderr, performance.now() - started);
}

function buildTimes(stderr, ms) {
  const phase = (name) => Number(new RegExp(`^\\s*${name}\\s+(\\d+) ms`, 'm').exec(stderr)?.[1] ?? Number.NaN);
  return { seconds: ms / 1000, searchIndexMs: phase('emitSearchIndex'), emitMs: phase('emit\\+write') };
}

/** Files under a folder, recursively, with their sizes. */
function filesUnder(folder) {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath ?? entry.path, entry.name);
      return { file, bytes: fs.statSync(file).size };
    });
}

/** The agents' index on disk (and people's, when audience controls make it a separate one). */
function indexOnDisk(pub) {
  const agents = filesUnder(path.join(pub, searchRoots.agents));
  const shards = agents.filter(({ file }) => file.includes(`${path.sep}terms${path.sep}`));
  const chunks = agents.filter(({ file }) => file.includes(`${path.sep}docs${path.sep}`));
  const people = filesUnder(path.join(pub, searchRoots.people));
  const sum = (files) => files.reduce((total, { bytes }) => total + bytes, 0);
  return {
    bytes: sum(agents),
    shards: shards.length,
    largestShard: Math.max(0, ...shards.map(({ bytes }) => bytes)),
    shardBytes: sum(shards),
    chunks: chunks.length,
    chunkBytes: sum(chunks),
    peopleBytes: sum(people),
  };
}

/**
 * What each query parses in an isolate that has read nothing yet: the search code of the worker run
 * over the built files, counting every file it reads (meta, term shards, document chunks, and the
 * JSON variants of the five hits it makes snippets of).
 */
async function parsedPerQuery(pub, queries) {
  const results = [];
  for (const query of queries) {
    const read = new Map();
    const reader = {
      json: async (pathname) => {
        const text = fs.readFileSync(path.join(pub, pathname), 'utf8');
        read.set(pathname, text.length);
        return JSON.parse(text);
      },
    };
    await searchSite(reader, query, { root: searchRoots.agents, limit: 10 });
    const files = [...read.entries()];
    const kind = (pathname) =>
      pathname.includes('/terms/')
        ? 'shards'
        : pathname.includes('/docs/')
          ? 'chunks'
          : pathname.endsWith('meta.json')
            ? 'meta'
            : 'variants';
    const bytes = { meta: 0, shards: 0, chunks: 0, variants: 0 };
    for (const [pathname, size] of files) bytes[kind(pathname)] += size;
    results.push({
      bytes: files.reduce((total, [, size]) => total + size, 0),
      ...bytes,
      shards: files.filter(([pathname]) => pathname.includes('/terms/')).length,
      shardBytes: bytes.shards,
      chunks: files.filter(([pathname]) => pathname.includes('/docs/')).length,
      chunkBytes: bytes.chunks,
      variantBytes: bytes.variants,
    });
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// Queries

/** The 96-resource default directory: the questions of the quality bench, as sentences and as keywords. */
function questionQueries() {
  const questions = JSON.parse(fs.readFileSync(path.join(root, 'scripts', 'bench', 'search-questions.json'), 'utf8'));
  return [...questions.answerable, ...questions.unanswerable].flatMap((question) => [
    question.sentence,
    question.keywords,
  ]);
}

// The words generate.mjs writes (its lorem list is not exported; these are all in it).
const lorem =
  'lorem ipsum dolor sit amet consectetur adipiscing elit tempor incididunt labore dolore magna aliqua minim veniam quis nostrud exercitation ullamco laboris nisi aliquip commodo consequat duis aute irure reprehenderit voluptate velit esse cillum fugiat nulla pariatur excepteur sint occaecat cupidatat proident sunt culpa officia deserunt mollit anim laborum'.split(
    ' ',
  );
const absent =
  'kubernetes autoscaler sourdough glacier violin tariff quasar mortgage bicycle orchid turbine lantern'.split(' ');
const categories = ['protocols', 'discovery', 'payments', 'security', 'data', 'architecture', 'operations'];
const noAnswer = [
  'how do I bake sourdough bread at high altitude?',
  'what is the best violin for a beginner',
  'mortgage tariff calculator',
  'which glacier is the largest in Patagonia?',
  'quasar turbine lantern orchid',
  'who won the bicycle race in 1987?',
];

/**
 * Queries for a generated site, the same for a given size: common words (postings at their cap),
 * a resource's title number or slug (rare terms), tags and categories, a known word beside unknown
 * ones (found, but not answered), and questions the site cannot answer.
 */
function generatedQueries(resources) {
  const next = random(7);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const resource = () => Math.floor(next() * resources);
  const queries = [];
  for (let i = 0; i < 12; i++) queries.push(Array.from({ length: 2 + (i % 2) }, () => pick(lorem)).join(' '));
  for (let i = 0; i < 6; i++) queries.push(`resource ${resource()} ${pick(lorem)}`);
  for (let i = 0; i < 6; i++) queries.push(`details for res-${String(resource()).padStart(5, '0')}`);
  for (let i = 0; i < 6; i++) queries.push(`tag-${Math.floor(next() * 30)} ${pick(categories)}`);
  for (let i = 0; i < 8; i++) queries.push(`${pick(lorem)} ${pick(absent)} ${pick(absent)}`);
  return [...queries, ...noAnswer];
}

// ---------------------------------------------------------------------------------------------
// Runtimes

/** Resident and peak resident memory of a process (Linux /proc), in bytes. */
function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: field('VmRSS'), peak: field('VmHWM') };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

/** The workerd processes this one started (Miniflare's). */
function workerdPids() {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return comm === 'workerd' && ppid === process.pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** What Workers serves at most (Miniflare refuses to start past it): one asset's bytes, and assets in a version. */
const workersAssets = { maxBytes: 25 * 2 ** 20, maxFiles: 100_000 };

/**
 * The assets folder workerd can run: the built one, or where Workers could not serve it whole, a
 * copy of hard links without the files over 25 MiB (a large site's llms-full.txt and corpus exports)
 * and, past 100,000 files, without the HTML pages and Markdown variants. Search reads none of them:
 * only /api/search/ and the JSON variants of its hits.
 */
function workerdAssets(assets, copy) {
  const files = filesUnder(assets);
  const oversized = files.filter(({ bytes }) => bytes > workersAssets.maxBytes);
  const tooMany = files.length - oversized.length > workersAssets.maxFiles;
  if (!oversized.length && !tooMany) return { directory: assets, left: [] };
  const left = (file) => oversized.some((big) => big.file === file) || (tooMany && /\.(html|md)$/.test(file));
  let kept = 0;
  for (const { file } of files) {
    if (left(file)) continue;
    const to = path.join(copy, path.relative(assets, file));
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.linkSync(file, to);
    kept++;
  }
  return {
    directory: copy,
    kept,
    left: [
      ...oversized.map(({ file, bytes }) => `${path.relative(assets, file)} (${mb(bytes)})`),
      ...(tooMany ? [`${files.filter(({ file }) => /\.(html|md)$/.test(file)).length} .html and .md files`] : []),
    ],
  };
}

/** The built worker in workerd, with the assets folder and routing of the generated wrangler.jsonc. */
async function startWorkerd(dist) {
  const config = JSON.parse(fs.readFileSync(path.join(dist, 'wrangler.jsonc'), 'utf8').replace(/^\s*\/\/.*$/gm, ''));
  const assets = workerdAssets(path.join(dist, config.assets.directory), path.join(dist, 'workerd-assets'));
  if (assets.left.length)
    console.error(
      `  workerd: Workers could not serve this build's ${filesUnder(path.join(dist, config.assets.directory)).length} assets whole; running with ${assets.kept}, without ${assets.left.join(', ')}`,
    );
  const before = new Set(workerdPids());
  const miniflare = new Miniflare({
    host: '127.0.0.1',
    port: 0,
    inspectorPort: 0,
    modules: true,
    scriptPath: path.join(dist, config.main),
    modulesRoot: path.dirname(path.join(dist, config.main)),
    // The modules worker.js loads when it needs them, as wrangler.jsonc uploads them.
    modulesRules: (config.rules ?? []).map((rule) => ({ type: rule.type, include: rule.globs })),
    compatibilityDate: config.compatibility_date,
    assets: {
      directory: assets.directory,
      binding: config.assets.binding,
      routerConfig: {
        has_user_worker: true,
        invoke_user_worker_ahead_of_assets: false,
        static_routing: { user_worker: config.assets.run_worker_first },
      },
      assetConfig: {
        html_handling: config.assets.html_handling,
        not_found_handling: config.assets.not_found_handling,
      },
    },
  });
  const url = (await miniflare.ready).href;
  const pid = workerdPids().find((candidate) => !before.has(candidate));
  const heap = await isolateHeap(await miniflare.getInspectorURL());
  return {
    name: 'workerd',
    url,
    pid,
    heap,
    assetsLeft: assets.left,
    close: async () => {
      await heap.close();
      await miniflare.dispose();
    },
  };
}

/** The V8 heap of the site's worker isolate in workerd, through its inspector (Runtime.getHeapUsage). */
async function isolateHeap(inspector) {
  const socket = new WebSocket(`${inspector.href}core:user:`);
  const open = await new Promise((resolve) => {
    socket.once('open', () => resolve(true));
    socket.once('error', () => resolve(false));
  });
  let id = 0;
  const pending = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  const call = (method, params = {}, timeoutMs = 5000) =>
    new Promise((resolve) => {
      if (!open) return resolve(undefined);
      const n = ++id;
      const timer = setTimeout(() => resolve(undefined), timeoutMs);
      pending.set(n, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      socket.send(JSON.stringify({ id: n, method, params }));
    });
  return {
    /** The isolate's V8 heap: bytes in use (garbage not yet collected included) and committed, or undefined. */
    usage: async () => {
      const usage = await call('Runtime.getHeapUsage');
      return usage && { used: usage.usedSize, total: usage.totalSize };
    },
    /**
     * The same once garbage is collected: what the isolate keeps. workerd's inspector has no
     * HeapProfiler.collectGarbage; a heap snapshot collects first (its chunks are ignored).
     */
    collected: async () => {
      await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false }, 120_000);
      const usage = await call('Runtime.getHeapUsage');
      return usage && { used: usage.usedSize, total: usage.totalSize };
    },
    close: async () => socket.close(),
  };
}

/** `agentdir serve <dist> --port 0`, once it prints its address. */
async function startServe(dist, keysFile) {
  const child = spawn(process.execPath, [cli, 'serve', dist, '--port', '0', '--keys-file', keysFile], {
    // What the worker records of the queries goes to the scratch folder, not the project's .agentdir/.
    env: {
      ...process.env,
      AGENTDIR_KEYS: '',
      NO_COLOR: '1',
      AGENTDIR_READERS_DATABASE: path.join(work, 'readers.sqlite'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`agentdir serve did not start in 60 s: ${output}`)), 60_000);
    const listen = (chunk) => {
      output += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', listen);
    child.stderr.on('data', listen);
    child.once('exit', (code) => reject(new Error(`agentdir serve exited with ${code}: ${output}`)));
  });
  return {
    name: 'serve',
    url,
    pid: child.pid,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

let requestId = 0;
/**
 * One MCP `search` call: its latency in ms, whether the site said it answers, and how many times it
 * was refused with 503 (an isolate makes four answers at once at most: README, Limits) and sent
 * again after Retry-After; the latency is the answered attempt's.
 */
async function ask(url, query, refused = 0) {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: ++requestId,
    method: 'tools/call',
    params: { name: 'search', arguments: { query, limit: 10 } },
  });
  const started = performance.now();
  const response = await fetch(`${url}mcp`, { method: 'POST', headers: mcpHeaders, body });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status === 503) {
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000));
    return ask(url, query, refused + 1);
  }
  const message = JSON.parse(text);
  const result = message.result;
  if (response.status !== 200 || !result || result.isError)
    throw new Error(`search "${query}" answered ${response.status}: ${text.slice(0, 500)}`);
  return { ms, refused, answered: result.structuredContent.answered, hits: result.structuredContent.count };
}

async function sequential(url, queries) {
  const samples = [];
  for (const query of queries) samples.push(await ask(url, query));
  return samples;
}

/** The queries `workers` at a time; each sample's latency, and the requests per second overall. */
async function concurrent(url, queries, workers) {
  const samples = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < queries.length) samples.push(await ask(url, queries[next++]));
    }),
  );
  return {
    workers,
    samples,
    perSecond: queries.length / ((performance.now() - started) / 1000),
    refused: samples.reduce((total, sample) => total + sample.refused, 0),
  };
}

function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) };
}

async function measureRuntime(runtime, queries) {
  const rss = {};
  rss.started = memoryOf(runtime.pid).rss;
  const heap = { started: await runtime.heap?.usage() };
  for (const query of warmUp) await ask(runtime.url, query);
  rss.warm = memoryOf(runtime.pid).rss;
  heap.warm = await runtime.heap?.usage();
  const first = await sequential(runtime.url, queries);
  rss.afterFirst = memoryOf(runtime.pid).rss;
  heap.afterFirst = await runtime.heap?.usage();
  const again = await sequential(runtime.url, queries);
  const parallel = [];
  for (const workers of concurrencies) parallel.push(await concurrent(runtime.url, queries, workers));
  const { rss: end, peak } = memoryOf(runtime.pid);
  Object.assign(rss, { end, peak });
  heap.end = await runtime.heap?.usage();
  heap.collected = await runtime.heap?.collected();
  return {
    runtime: runtime.name,
    ...(runtime.assetsLeft?.length ? { assetsLeft: runtime.assetsLeft } : {}),
    first: percentiles(first.map((sample) => sample.ms)),
    again: percentiles(again.map((sample) => sample.ms)),
    concurrent: parallel.map(({ workers, samples, perSecond, refused }) => ({
      workers,
      ...percentiles(samples.map((sample) => sample.ms)),
      perSecond,
      refused,
    })),
    answered: first.filter((sample) => sample.answered).length,
    empty: first.filter((sample) => sample.hits === 0).length,
    rss,
    heap,
  };
}

// ---------------------------------------------------------------------------------------------

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
const mb = (bytes) => (bytes ? `${(bytes / 2 ** 20).toFixed(1)} MB` : '-');
const ms = (value) => `${value.toFixed(1)}`;
const trio = ({ p50, p95, max }) => `${ms(p50)} / ${ms(p95)} / ${ms(max)}`;
/** The figures of every size so far, as Markdown tables. */
function table(rows) {
  const lines = [
    `Search at size: ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
    '',
    '| resources | build | emitSearchIndex | index (agents) | shards | largest shard | doc chunks | parsed per query, p50 / p95 / max | of it: shards (count p50 / max), chunks (count p50 / max), variants, p50 |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { resources, build: cold, oneChange, index, parsed } of rows)
    lines.push(
      `| ${resources.toLocaleString('en')} | ${cold.seconds.toFixed(1)} s | ${cold.searchIndexMs} ms${oneChange ? ` (one body changed: ${oneChange.searchIndexMs} ms of a ${oneChange.seconds.toFixed(1)} s build)` : ''} | ${mb(index.bytes)}${index.peopleBytes > 1024 ? ` (+${mb(index.peopleBytes)} people's)` : ''} | ${index.shards} (${mb(index.shardBytes)}) | ${kb(index.largestShard)} | ${index.chunks} (${mb(index.chunkBytes)}) | ${kb(parsed.bytes.p50)} / ${kb(parsed.bytes.p95)} / ${kb(parsed.bytes.max)} | ${kb(parsed.shardBytes.p50)} (${parsed.shards.p50} / ${parsed.shards.max}), ${kb(parsed.chunkBytes.p50)} (${parsed.chunks.p50} / ${parsed.chunks.max}), ${kb(parsed.variantBytes.p50)} |`,
    );
  lines.push(
    '',
    `| resources | runtime | queries (answered, no hit) | first time, ms p50 / p95 / max | cached, ms p50 / p95 / max |${concurrencies.map((workers) => ` ${workers} at a time, ms p50 / p95 / max (req/s, 503s) |`).join('')} RSS started / before / after / peak | isolate heap used (committed) started / before / after / collected |`,
    `|---|---|---|---|---|${concurrencies.map(() => '---|').join('')}---|---|`,
  );
  for (const row of rows)
    for (const run of row.runtimes)
      lines.push(
        `| ${row.resources.toLocaleString('en')} | ${run.runtime} | ${row.queries} (${run.answered}, ${run.empty}) | ${trio(run.first)} | ${trio(run.again)} |${run.concurrent.map((pass) => ` ${trio(pass)} (${pass.perSecond.toFixed(0)}, ${pass.refused}) |`).join('')} ${[run.rss.started, run.rss.warm, run.rss.end, run.rss.peak].map(mb).join(' / ')} | ${run.heap.started ? [run.heap.started, run.heap.warm, run.heap.end, run.heap.collected].map((usage) => `${mb(usage?.used)} (${mb(usage?.total)})`).join(' / ') : '-'} |`,
      );
  lines.push(
    '',
    "RSS is the whole process's: for workerd, Miniflare's workerd runs the site's worker beside its own small ones (assets, routing), so it stands in for the isolate; the isolate heap is the site worker's own V8 heap (Runtime.getHeapUsage: used, uncollected garbage included, and committed). 'before' is after five warm-up queries, 'after' after all passes, 'collected' then after a garbage collection (what the isolate keeps).",
  );
  for (const row of rows)
    for (const run of row.runtimes.filter((candidate) => candidate.assetsLeft))
      lines.push(
        `At ${row.resources.toLocaleString('en')} resources, Workers could not serve the build whole (100,000 assets, 25 MiB each at most): ${run.runtime} ran without ${run.assetsLeft.join(', ')}, which search never reads.`,
      );
  return lines.join('\n');
}

function writeJson(rows) {
  fs.mkdirSync(path.dirname(jsonOut), { recursive: true });
  fs.writeFileSync(
    jsonOut,
    `${JSON.stringify({ date: new Date().toISOString(), cores: os.availableParallelism(), node: process.version, rows }, null, 2)}\n`,
  );
}

const keysFile = path.join(work, 'keys.json');
execFileSync(process.execPath, [cli, 'keys', 'create', '--tier', 'starter', '--file', keysFile], {
  stdio: ['ignore', 'ignore', 'ignore'],
});

const rows = [];
try {
  for (const size of sizes) {
    const generated = size !== contentSize;
    const content = generated ? path.join(work, `content-${size}`) : path.join(root, 'content');
    if (generated) {
      console.error(`\n${size.toLocaleString('en')} resources: generating...`);
      generate(content, { shape: 'directory', resources: size });
    } else console.error(`\n${size} resources: content/`);
    const dist = path.join(work, `dist-${size}`);
    const cache = path.join(work, `cache-${size}`);
    console.error('  building...');
    const cold = build(content, dist, cache);
    console.error(`  built in ${cold.seconds.toFixed(1)} s (emitSearchIndex ${cold.searchIndexMs} ms)`);
    let oneChange;
    if (generated && args.includes('--one-change')) {
      const changed = path.join(content, 'resources', 'res-00007.md');
      fs.appendFileSync(changed, '\nOne more paragraph: a changed body.\n');
      oneChange = build(content, dist, cache);
      console.error(
        `  one body changed: rebuilt in ${oneChange.seconds.toFixed(1)} s (emitSearchIndex ${oneChange.searchIndexMs} ms, emit+write ${oneChange.emitMs} ms)`,
      );
    }
    const pub = path.join(dist, 'public');
    const index = indexOnDisk(pub);
    const queries = generated ? generatedQueries(size) : questionQueries();
    const parsed = await parsedPerQuery(pub, queries);
    const row = {
      resources: size,
      content: generated ? 'generated' : 'content/',
      queries: queries.length,
      build: cold,
      ...(oneChange ? { oneChange } : {}),
      index,
      parsed: Object.fromEntries(
        ['bytes', 'shards', 'shardBytes', 'chunks', 'chunkBytes', 'variantBytes'].map((field) => [
          field,
          percentiles(parsed.map((query) => query[field])),
        ]),
      ),
      runtimes: [],
    };
    for (const start of [() => startWorkerd(dist), () => startServe(dist, keysFile)]) {
      const runtime = await start();
      try {
        console.error(`  ${runtime.name}: ${queries.length} queries...`);
        row.runtimes.push(await measureRuntime(runtime, queries));
      } finally {
        await runtime.close();
      }
    }
    rows.push(row);
    console.error(`\n${table(rows)}`);
    if (jsonOut) writeJson(rows);
    if (!keep) {
      fs.rmSync(dist, { recursive: true, force: true });
      fs.rmSync(cache, { recursive: true, force: true });
      if (generated) fs.rmSync(content, { recursive: true, force: true });
    }
  }
} finally {
  if (keep) console.error(`\nThe builds are in ${work}`);
  else fs.rmSync(work, { recursive: true, force: true });
}
console.log(table(rows));
if (jsonOut) console.error(`\nWrote ${path.relative(process.cwd(), jsonOut)}`);
