#!/usr/bin/env node
// `npm run bench`: agentdir against Eleventy and Hugo on the same seeded Markdown, the parse bound
// of each cold build (parse-bound.mjs), the edit loop of `serve --watch`, then the worker under
// load. Prints one table of medians; on the 4,000-resource shapes each run is a round of every
// tool's builds (see below). Options: --runs N (default 3), --only zach,directory,large,
// --no-watch (skip the edit loop), --no-load (skip the worker). `large` also builds a quarter and a
// half of its size cold, to show how time and memory grow with the number of documents. `scale`
// (only when named: `--only scale`) builds 100,000 resources cold, then with one change, and
// reports wall time, CPU time and peak memory: what one CI runner needs for a generated directory.
// --node PATH runs agentdir and Eleventy on that Node binary rather than the one running the bench
// (users run agentdir on Node 20, 22, 24 and 26; `consumer/node_modules/node-26/bin/node` is one).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as bundle } from 'esbuild';
import { nodeBundleOptions } from '../bundle-options.mjs';
import { generate } from './generate.mjs';
import { watchEdits } from './watch-edits.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = path.join(root, 'bin', 'agentdir.js');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] ?? 3) || 3;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : ['zach', 'directory', 'large'];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agentdir-bench-'));
const hugo = ['/usr/bin/hugo', '/usr/local/bin/hugo'].find((candidate) => fs.existsSync(candidate));
const eleventy = path.join(root, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
/** The Node that runs agentdir and Eleventy. */
const node = args.includes('--node') ? path.resolve(args[args.indexOf('--node') + 1]) : process.execPath;
const nodeVersion = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();

const shapes = {
  zach: { shape: 'zach', resources: 4000 },
  directory: { shape: 'directory', resources: 4000, clusters: 40 },
  large: { shape: 'directory', resources: 50_000 },
  scale: { shape: 'directory', resources: 100_000 },
};
/** Shapes built once per measurement, without the peers or the edit loop: minutes each. */
const heavy = new Set(['large', 'scale']);
const clockTicks = 100;

/**
 * The one-change floor (one-change-floor.mjs), bundled as the CLI is, two folders below the package
 * as the CLI's bundle is (its code finds the package from there: src/util/paths.ts), in a folder
 * git ignores and the package leaves out.
 */
const floorScript = path.join(root, '.bench', 'floor', 'one-change-floor.mjs');
if (only.some((name) => !heavy.has(name)))
  await bundle({
    ...nodeBundleOptions,
    absWorkingDir: root,
    entryPoints: [path.join(root, 'scripts', 'bench', 'one-change-floor.mjs')],
    outfile: floorScript,
  });

/**
 * Runs a command to completion, sampling its peak resident memory and its CPU time (all its
 * threads, and the children it waited for) from /proc while it runs; the CPU time is the last sample.
 */
function measure(command, commandArgs, options = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const { stdout: keepStdout, ...spawnOptions } = options;
    const child = spawn(command, commandArgs, {
      stdio: ['ignore', keepStdout ? 'pipe' : 'ignore', 'pipe'],
      ...spawnOptions,
    });
    let peak = 0;
    let cpu = 0;
    let stderr = '';
    let stdout = '';
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    const sample = () => {
      try {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
        peak = Math.max(peak, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024);
        // Fields 14-17 of stat, after the command name in parentheses: utime, stime, cutime, cstime.
        const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
        cpu = fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / clockTicks;
      } catch {
        /* exited */
      }
    };
    const timer = setInterval(sample, 25);
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => {
      clearInterval(timer);
      if (code !== 0)
        return reject(new Error(`${command} ${commandArgs.join(' ')} exited ${code}\n${stderr.slice(0, 2000)}`));
      resolve({ seconds: (performance.now() - started) / 1000, rss: peak, cpu, ...(keepStdout ? { stdout } : {}) });
    });
  });
}

function ms(seconds) {
  return `${Math.round(seconds * 1000)} ms`;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** One measured run, after the previous runs' writes have reached the disk. */
async function once(run) {
  // The previous run's output still being written back to disk would slow this one down.
  execFileSync('sync');
  return run();
}

/** The median of a series of runs (every run kept, in order), printed as it is summed up. */
function summary(label, samples) {
  const result = {
    label,
    seconds: median(samples.map((sample) => sample.seconds)),
    rss: Math.max(...samples.map((sample) => sample.rss)),
    cpu: median(samples.map((sample) => sample.cpu ?? 0)),
    // Every run, in order, not only the median: a figure is reported with the runs behind it.
    runs: samples.map((sample) => sample.seconds),
  };
  const runs = samples.length > 1 ? `  (runs: ${result.runs.map((seconds) => seconds.toFixed(2)).join(', ')} s)` : '';
  console.error(`  ${label.padEnd(34)} ${result.seconds.toFixed(2)} s  ${(result.rss / 2 ** 20).toFixed(0)} MB${runs}`);
  return result;
}

/**
 * A new folder for one cold run, never one just emptied: removing thousands of files keeps the disk
 * busy into the next run (Hugo's cold build of the 4,000 small pages took 0.69 s into a new folder,
 * and up to 2 s right after its previous output was removed). Every run's folders go with the
 * bench's own folder, at the end.
 */
function freshFolder(name, index) {
  return path.join(work, `${name}-${index}`);
}

/** A Hugo site over the same Markdown, rendering HTML pages only. */
function hugoSite(contentDir) {
  const site = path.join(work, `hugo-${path.basename(contentDir)}`);
  fs.rmSync(site, { recursive: true, force: true });
  fs.mkdirSync(path.join(site, 'layouts', '_default'), { recursive: true });
  fs.writeFileSync(
    path.join(site, 'hugo.toml'),
    'baseURL = "https://bench.example/"\ntitle = "Benchmark"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]\n',
  );
  const layout =
    '<!doctype html><html><head><title>{{ .Title }}</title></head><body><main>{{ .Content }}</main></body></html>';
  fs.writeFileSync(path.join(site, 'layouts', '_default', 'single.html'), layout);
  fs.writeFileSync(
    path.join(site, 'layouts', '_default', 'list.html'),
    '<!doctype html><html><head><title>{{ .Title }}</title></head><body>{{ range .Pages }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</body></html>',
  );
  fs.cpSync(contentDir, path.join(site, 'content'), { recursive: true, filter: (source) => !/\.ya?ml$/.test(source) });
  return site;
}

/** The least wall time a cold build can take while it parses every file once: one parse's CPU seconds over the cores. */
function parseBound(contentDir) {
  const output = execFileSync(node, [path.join(root, 'scripts', 'bench', 'parse-bound.mjs'), contentDir], {
    encoding: 'utf8',
  });
  const { cpuSeconds, buildParseCpuSeconds } = JSON.parse(output);
  const cores = os.availableParallelism();
  return { cpuSeconds, buildParseCpuSeconds, cores, seconds: cpuSeconds / cores };
}

const rows = [];
for (const name of only) {
  const contentDir = path.join(work, name);
  console.error(`\n${name}: generating ${shapes[name].resources} resources...`);
  generate(contentDir, shapes[name]);
  // The last cold run's folders: the warm and one-change builds follow it there.
  let out = '';
  let cache = '';
  const times = heavy.has(name) ? 1 : runs;
  const build = () => measure(node, [cli, 'build', contentDir, '--out', out, '--cache-dir', cache, '--quiet']);
  const changed = path.join(contentDir, 'resources', fs.readdirSync(path.join(contentDir, 'resources'))[7]);
  const original = fs.readFileSync(changed, 'utf8');

  // Light shapes measure each tool once per round, agentdir's three builds then Eleventy's and Hugo's
  // cold builds, so a machine that slows down between rounds slows every column of a round alike:
  // the ratios compare builds made minutes apart at most, not a whole series apart.
  const peers = heavy.has(name)
    ? null
    : { site: hugo ? hugoSite(contentDir) : null, eleventy: fs.existsSync(eleventy) };
  const rounds = { cold: [], warm: [], one: [], floor: [], eleventy: [], hugo: [] };
  // The floor reads the output and the cache the one-change build starts from: its own copy of the
  // cache's input table and search postings, so neither build sees what the other wrote.
  const floorCache = path.join(work, `floor-cache-${name}`);
  for (let index = 0; index < times; index++) {
    out = freshFolder(`out-${name}`, index);
    cache = freshFolder(`cache-${name}`, index);
    rounds.cold.push(await once(build));
    rounds.warm.push(await once(build));
    if (peers) {
      fs.rmSync(floorCache, { recursive: true, force: true });
      for (const folder of ['sources', 'search'])
        fs.cpSync(path.join(cache, folder), path.join(floorCache, folder), { recursive: true });
    }
    fs.writeFileSync(changed, `${original}\nEdit ${index}.\n`);
    rounds.one.push(await once(build));
    if (peers) {
      const scratch = path.join(work, `floor-scratch-${name}`);
      const run = await once(() =>
        measure(node, [floorScript, contentDir, out, floorCache, scratch, changed], { stdout: true }),
      );
      console.error(`  floor, round ${index + 1}: ${run.stdout.trim()}`);
      rounds.floor.push(run);
    }
    fs.writeFileSync(changed, original);
    if (peers?.eleventy) {
      const output = freshFolder(`eleventy-${name}`, index);
      rounds.eleventy.push(
        await once(() =>
          measure(node, [eleventy, `--input=${contentDir}`, `--output=${output}`, '--quiet'], { cwd: work }),
        ),
      );
    }
    if (peers?.site) {
      const output = freshFolder(`hugo-out-${name}`, index);
      rounds.hugo.push(await once(() => measure(hugo, ['--quiet', '--source', peers.site, '--destination', output])));
    }
  }
  const cold = summary(`agentdir cold (${name})`, rounds.cold);
  const warm = summary(`agentdir warm, nothing changed`, rounds.warm);
  const one = summary(`agentdir, one file changed`, rounds.one);
  const row = { name, cold, warm, one, bound: name === 'scale' ? null : parseBound(contentDir) };
  if (rounds.floor.length) row.floor = summary('one change: least any build does', rounds.floor);
  if (rounds.eleventy.length) row.eleventy = summary(`Eleventy 3.1.2 (HTML only)`, rounds.eleventy);
  if (rounds.hugo.length) row.hugo = summary(`Hugo (HTML only)`, rounds.hugo);
  if (row.bound)
    console.error(
      `  ${'parse bound'.padEnd(34)} ${row.bound.seconds.toFixed(2)} s  (${row.bound.cpuSeconds.toFixed(1)} CPU s / ${row.bound.cores} cores; cold is ${(cold.seconds / row.bound.seconds).toFixed(2)}x; the build's parse ${row.bound.buildParseCpuSeconds.toFixed(1)} CPU s)`,
    );
  if (!args.includes('--no-watch') && name !== 'scale') {
    console.error('  serve --watch: 100 body edits, 5 title edits...');
    row.watch = await watchEdits({ node, cli, contentDir, work, edits: 100 });
    const { body, title, startSeconds } = row.watch;
    console.error(
      `  ${'watch: edit to served'.padEnd(34)} body ${ms(body.median)} (p95 ${ms(body.p95)}), title ${ms(title.median)}, start ${startSeconds.toFixed(2)} s`,
    );
  }
  if (name === 'large') {
    // Cold builds at a quarter and a half of the size, from their own folders: growth with size.
    row.growth = [];
    for (const fraction of [0.25, 0.5]) {
      const resources = Math.round(shapes.large.resources * fraction);
      const folder = path.join(work, `large-${resources}`);
      generate(folder, { ...shapes.large, resources });
      const smaller = freshFolder('out-large', resources);
      const emptyCache = freshFolder('cache-large', resources);
      const run = summary(`agentdir cold (${resources} resources)`, [
        await once(() => measure(node, [cli, 'build', folder, '--out', smaller, '--cache-dir', emptyCache, '--quiet'])),
      ]);
      row.growth.push({ resources, ...run });
    }
    row.growth.push({ resources: shapes.large.resources, ...cold });
  }
  rows.push(row);
}

/** Worker routes on `agentdir serve` under autocannon, 50 connections. */
async function workerLoad() {
  const autocannon = (await import('autocannon')).default;
  const dist = path.join(work, 'serve-dist');
  const keys = path.join(work, 'keys.json');
  execFileSync(node, [cli, 'build', path.join(root, 'content'), '--out', dist, '--quiet', '--no-cache']);
  const key = execFileSync(node, [cli, 'keys', 'create', '--tier', 'starter', '--file', keys], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
  const server = spawn(node, [cli, 'serve', dist, '--port', '0', '--keys-file', keys], {
    env: { ...process.env, AGENTDIR_READERS_DATABASE: path.join(work, 'readers.sqlite') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve) =>
    server.stdout.on(
      'data',
      (chunk) => /http:\/\/\S+\//.test(chunk) && resolve(/http:\/\/\S+\//.exec(chunk.toString())[0]),
    ),
  );
  const mcpBody = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'search', arguments: { query: 'mcp server' } },
  });
  /** @type {Array<[string, { path: string, method?: string, headers?: Record<string, string>, body?: string, expect: number }]>} */
  const scenarios = [
    ['premium 402 (no key)', { path: '/resources/json-api.md', expect: 402 }],
    [
      'premium 200 (starter key)',
      { path: '/resources/json-api.md', headers: { authorization: `Bearer ${key}` }, expect: 200 },
    ],
    [
      'MCP tools/call search',
      {
        path: '/mcp',
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: mcpBody,
        expect: 200,
      },
    ],
  ];
  const results = [];
  try {
    for (const [label, scenario] of scenarios) {
      let unexpected = 0;
      const result = await autocannon({
        url: url.replace(/\/$/, '') + scenario.path,
        method: scenario.method ?? 'GET',
        headers: scenario.headers ?? {},
        ...(scenario.body ? { body: scenario.body } : {}),
        connections: 50,
        duration: 5,
        setupClient: (client) => client.on('response', (status) => status !== scenario.expect && unexpected++),
      });
      const row = {
        label,
        requestsPerSecond: result.requests.average,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + unexpected,
      };
      console.error(
        `  ${label.padEnd(34)} ${row.requestsPerSecond.toFixed(0)} req/s  p99 ${row.p99} ms  errors ${row.errors}`,
      );
      results.push(row);
    }
  } finally {
    server.kill('SIGTERM');
  }
  return results;
}

console.error('\nworker on agentdir serve:');
const load = args.includes('--no-load') ? [] : await workerLoad();

const ratio = (a, b) => (b ? `${(a.seconds / b.seconds).toFixed(2)}x` : 'n/a');
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
/** Resident growth per edit from the 10th edit to the last (samples every 10 edits): the leak check. */
function perEdit(samples) {
  const known = samples.filter(Boolean);
  if (known.length < 2) return '-';
  const edits = (known.length - 1) * 10;
  return `${((known.at(-1) - known[0]) / edits / 1024).toFixed(0)} KB (edits 10 to ${edits + 10})`;
}
const lines = [
  '',
  `agentdir and Eleventy on Node ${nodeVersion.replace(/^v/, '')}, ${os.availableParallelism()} cores.`,
  '',
  '| run | agentdir | peak RSS | Eleventy | Hugo | vs Eleventy | vs Hugo cold |',
  '|---|---|---|---|---|---|---|',
];
for (const row of rows) {
  /** @type {Array<[string, { seconds: number, rss: number }]>} */
  const runs = [
    ['cold, all outputs', row.cold],
    ['warm, nothing changed', row.warm],
    ['one file changed', row.one],
    ...(row.floor
      ? [
          /** @type {[string, { seconds: number, rss: number }]} */ ([
            'one file changed, the least any build must do',
            row.floor,
          ]),
        ]
      : []),
  ];
  for (const [label, run] of runs) {
    lines.push(
      `| ${row.name}: ${label} | ${run.seconds.toFixed(2)} s | ${mb(run.rss)} | ${row.eleventy ? `${row.eleventy.seconds.toFixed(2)} s` : '-'} | ${row.hugo ? `${row.hugo.seconds.toFixed(2)} s` : '-'} | ${label.startsWith('cold') ? ratio(run, row.eleventy) : '-'} | ${ratio(run, row.hugo)} |`,
    );
  }
}
const watched = rows.filter((candidate) => candidate.watch);
if (watched.length) {
  lines.push(
    '',
    '| serve --watch, edit to served | body edit, median | body edit, p95 | title edit, median | start | body vs Hugo cold | RSS after start / peak / after edits | RSS per body edit |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const { name, watch, hugo: hugoRun } of watched)
    lines.push(
      `| ${name} | ${ms(watch.body.median)} | ${ms(watch.body.p95)} | ${ms(watch.title.median)} | ${watch.startSeconds.toFixed(2)} s | ${ratio({ seconds: watch.body.median }, hugoRun)} | ${[watch.rss.start, watch.rss.peak, watch.rss.end].map((bytes) => (bytes ? mb(bytes) : '-')).join(' / ')} | ${perEdit(watch.rss.everyTenEdits)} |`,
    );
}
lines.push(
  '',
  "| cold vs parse bound | one GFM parse of every file | the build's parse of them | cores | bound | cold | cold / bound |",
  '|---|---|---|---|---|---|---|',
);
for (const { name, bound, cold } of rows.filter((row) => row.bound))
  lines.push(
    `| ${name} | ${bound.cpuSeconds.toFixed(1)} CPU s | ${bound.buildParseCpuSeconds.toFixed(1)} CPU s | ${bound.cores} | ${bound.seconds.toFixed(2)} s | ${cold.seconds.toFixed(2)} s | ${(cold.seconds / bound.seconds).toFixed(2)}x |`,
  );
const scale = rows.find((row) => row.name === 'scale');
if (scale) {
  const large = rows.find((row) => row.name === 'large');
  lines.push('', '| scale: 100,000 resources | wall | CPU | peak RSS | vs 50,000 (large) |', '|---|---|---|---|---|');
  /** @type {Array<[string, { seconds: number, cpu: number, rss: number }, { seconds: number } | undefined]>} */
  const scaleRuns = [
    ['cold', scale.cold, large?.cold],
    ['one file changed', scale.one, large?.one],
  ];
  for (const [label, run, base] of scaleRuns)
    lines.push(
      `| ${label} | ${run.seconds.toFixed(1)} s | ${run.cpu.toFixed(1)} s | ${mb(run.rss)} | ${ratio(run, base)} |`,
    );
}
for (const row of rows.filter((candidate) => candidate.growth)) {
  lines.push('', '| large, cold | time | per 1,000 resources | peak RSS |', '|---|---|---|---|');
  for (const run of row.growth)
    lines.push(
      `| ${run.resources.toLocaleString('en')} resources | ${run.seconds.toFixed(1)} s | ${((run.seconds * 1000) / run.resources).toFixed(2)} s | ${mb(run.rss)} |`,
    );
}
if (load.length) {
  lines.push('', '| worker route (50 connections) | req/s | p99 | errors |', '|---|---|---|---|');
  for (const row of load)
    lines.push(`| ${row.label} | ${row.requestsPerSecond.toFixed(0)} | ${row.p99} ms | ${row.errors} |`);
}
console.log(lines.join('\n'));
fs.mkdirSync(path.join(root, 'test-output'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'test-output', 'bench.json'),
  JSON.stringify({ date: new Date().toISOString(), cores: os.availableParallelism(), rows, load }, null, 2),
);
fs.rmSync(work, { recursive: true, force: true });
