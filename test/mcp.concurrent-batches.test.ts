import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from './helpers/build-fixture.js';
import { repoRoot, tempDir } from './helpers/fixtures.js';
import { childProcessesNamed, memoryOf, procStatusReadable, watchMemory } from './helpers/process-memory.js';
import { startServe, startWorkerd } from './helpers/runtimes.js';
import { maxAnswerBytes } from '../src/shared/mcp-limits.js';

const megabyte = 1024 * 1024;
const json = { 'Content-Type': 'application/json', Accept: 'application/json' };
/** The heavy batch: 32 calls for the largest corpus page, about half a megabyte each on the default site. */
const batch = JSON.stringify(
  Array.from({ length: 32 }, (_, id) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'get_corpus', arguments: { limit: 50 } },
  })),
);
/** How long the clients keep sending: long enough to see throughput, short enough for a test. */
const loadMs = 20_000;
/**
 * How long a load test may take in all: the load, then the clients' last answers and the probe's
 * wind-down, on a machine shared with the other test files of a run (it once took past 60 s there).
 */
const loadTestMs = 120_000;

interface Outcome {
  /** The status of the last answer. */
  status: number;
  /** Answers of the batch that carry a result, for a 200. */
  results: number;
  bytes: number;
  largest: number;
  /** 503 answers waited out before sending again. */
  refused: number;
  /** What went wrong: a failed connection, a cut answer, an answer neither 200 nor 503 with Retry-After. */
  problems: string[];
}

/** Reads a body as it streams, keeping its text only when it is small enough to look at. */
async function readCounted(response: Response): Promise<{ bytes: number; text: string | null }> {
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    if (bytes <= 2 * maxAnswerBytes) chunks.push(chunk);
    else chunks.length = 0;
  }
  return { bytes, text: bytes <= 2 * maxAnswerBytes ? Buffer.concat(chunks).toString('utf8') : null };
}

/**
 * The answers of a batch that carry a result. Counted rather than parsed, so that the clients leave
 * the machine's cores to the server: the corpus text sits in escaped strings, where this cannot occur.
 */
function countResults(text: string): number {
  return text.match(/\{"jsonrpc":"2\.0","id":\d+,"result":/g)?.length ?? 0;
}

/** One client: sends the batch until it is answered, waiting out each 503 as Retry-After says (with jitter). */
async function client(url: string, deadline: number): Promise<Outcome> {
  const outcome: Outcome = { status: 0, results: 0, bytes: 0, largest: 0, refused: 0, problems: [] };
  while (Date.now() < deadline) {
    let response: Response;
    try {
      response = await fetch(`${url}mcp`, {
        method: 'POST',
        headers: json,
        body: batch,
        signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
      });
    } catch (error) {
      if ((error as Error).name !== 'TimeoutError') outcome.problems.push(String(error));
      return outcome;
    }
    const read = await readCounted(response).catch((error: Error) => error);
    if (read instanceof Error) {
      if (read.name !== 'TimeoutError') outcome.problems.push(`a ${response.status} answer was cut off: ${read}`);
      return outcome;
    }
    outcome.status = response.status;
    outcome.bytes += read.bytes;
    outcome.largest = Math.max(outcome.largest, read.bytes);
    const retryAfter = Number(response.headers.get('retry-after'));
    if (response.status === 503 && retryAfter > 0) {
      outcome.refused++;
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 * (0.5 + Math.random())));
      continue;
    }
    if (response.status === 200 && read.text?.startsWith('[') && read.text.endsWith(']'))
      outcome.results = countResults(read.text);
    else outcome.problems.push(`${response.status}: ${read.text?.slice(0, 300) ?? `${read.bytes} bytes`}`);
    return outcome;
  }
  return outcome;
}

/**
 * Times GET /llms.txt every 100 ms from a process of its own, so that reading the load's answers here
 * cannot delay it, from once its first answer is in (a fresh process's first fetch is slow on its own)
 * until `stop` is called: then the slowest answer in milliseconds, and any failures.
 */
async function probeStatic(url: string) {
  const script = `
    const target = ${JSON.stringify(`${url}llms.txt`)};
    await (await fetch(target)).text();
    console.log('ready');
    let slowest = 0, probes = 0, stopped = false;
    const failures = [];
    process.stdin.on('end', () => (stopped = true)).resume();
    while (!stopped) {
      const started = performance.now();
      try {
        const response = await fetch(target, { signal: AbortSignal.timeout(10000) });
        await response.text();
        if (response.status !== 200) failures.push('status ' + response.status);
      } catch (error) {
        failures.push(String(error.cause ?? error));
      }
      slowest = Math.max(slowest, performance.now() - started);
      probes++;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    console.log(JSON.stringify({ slowest, probes, failures }));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.startsWith('ready\n')) resolve();
    });
    child.once('exit', () => reject(new Error(`the probe ended before its first answer: ${output}`)));
  });
  return {
    async stop(): Promise<{ slowest: number; probes: number; failures: string[] }> {
      child.stdin.end();
      await exited;
      return JSON.parse(output.slice('ready\n'.length));
    },
  };
}

/** `clients` clients at once, each sending the batch until it is answered or `loadMs` is up, while /llms.txt is timed. */
async function load(url: string, clients: number) {
  const probe = await probeStatic(url);
  const started = performance.now();
  const deadline = Date.now() + loadMs;
  const results = await Promise.all(Array.from({ length: clients }, () => client(url, deadline)));
  const seconds = (performance.now() - started) / 1000;
  const answered = results.filter((outcome) => outcome.status === 200).length;
  return { results, answered, seconds, statics: await probe.stop() };
}

function summary(runtime: string, run: Awaited<ReturnType<typeof load>>, peak: number): string {
  const megabytes = run.results.reduce((sum, outcome) => sum + outcome.bytes, 0) / megabyte;
  const refused = run.results.reduce((sum, outcome) => sum + outcome.refused, 0);
  return `${runtime}: ${run.answered}/${run.results.length} batches answered in ${run.seconds.toFixed(1)} s (${(run.answered / run.seconds).toFixed(1)} batches/s, ${megabytes.toFixed(0)} MB), ${refused} 503s waited out; peak RSS ${(peak / megabyte).toFixed(0)} MB; slowest /llms.txt ${run.statics.slowest.toFixed(0)} ms over ${run.statics.probes} probes`;
}

/** Every client was answered within bounds or told when to come back, and the server kept answering throughout. */
function expectBoundedAnswers(run: Awaited<ReturnType<typeof load>>) {
  for (const outcome of run.results) {
    expect(outcome.problems).toEqual([]);
    expect(outcome.largest).toBeLessThanOrEqual(maxAnswerBytes + 64 * 1024);
    // A batch's answer is bounded, so only some of its 32 pages fit; the rest say to send them again.
    if (outcome.status === 200) expect(outcome.results).toBeGreaterThan(0);
  }
  // Far below what either runtime answers on a quiet machine (all of them within the time).
  expect(run.answered).toBeGreaterThanOrEqual(30);
}

/**
 * Sends the batch from `clients` clients that leave early, half before any answer and half as soon as
 * its headers arrive; then the status a batch sent after them gets, once the room they held is free.
 */
async function statusAfterClientsLeave(url: string, clients: number): Promise<number> {
  await Promise.all(
    Array.from({ length: clients }, async (_, index) => {
      const controller = new AbortController();
      const request = fetch(`${url}mcp`, { method: 'POST', headers: json, body: batch, signal: controller.signal });
      if (index % 2 === 0) setTimeout(() => controller.abort(), 5);
      else request.then(() => controller.abort()).catch(() => {});
      await request.then((response) => response.body?.cancel()).catch(() => {});
    }),
  );
  // Workers stop reading a body whose client left without saying so: the budget lets go of it when idle.
  const deadline = Date.now() + 20_000;
  let status = 0;
  while (Date.now() < deadline) {
    const response = await fetch(`${url}mcp`, { method: 'POST', headers: json, body: batch });
    await response.arrayBuffer();
    status = response.status;
    if (status !== 503) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return status;
}

let dist = '';
let keysFile = '';

beforeAll(async () => {
  // The default directory: its largest get_corpus page is about half a megabyte.
  dist = (await buildFixture(path.join(repoRoot, 'content'))).outDir;
  keysFile = path.join(tempDir(), 'keys.json');
  fs.writeFileSync(keysFile, JSON.stringify({ keys: [] }));
}, 60_000);

describe.skipIf(!procStatusReadable)('MCP batches under concurrent load', () => {
  describe('agentdir serve', () => {
    let server: Awaited<ReturnType<typeof startServe>>;
    beforeAll(async () => {
      server = await startServe(dist, keysFile);
    });
    afterAll(() => server?.close());

    it(
      'keeps static files answering within a second and memory bounded through 150 concurrent batches of 32 corpus pages',
      async () => {
        const pid = server.child.pid!;
        const memory = watchMemory(pid);
        const run = await load(server.url, 150);
        const peak = Math.max(memory.stop(), memoryOf(pid).peak);
        console.info(summary('serve', run, peak));
        expect(run.statics.failures).toEqual([]);
        expect(run.statics.slowest).toBeLessThan(1_000);
        expect(peak).toBeLessThan(500 * megabyte);
        expectBoundedAnswers(run);
      },
      loadTestMs,
    );

    it('gives back the room of answers whose clients left, before or while they were sent', async () => {
      expect(await statusAfterClientsLeave(server.url, 12)).toBe(200);
    }, 30_000);
  });

  describe('workerd', () => {
    let runtime: Awaited<ReturnType<typeof startWorkerd>>;
    let pid = 0;
    beforeAll(async () => {
      runtime = await startWorkerd(dist, {});
      [pid = 0] = childProcessesNamed('workerd');
    });
    afterAll(() => runtime?.close());

    it(
      'keeps memory bounded and restarts nothing through 100 concurrent batches of 32 corpus pages',
      async () => {
        expect(pid).toBeGreaterThan(0);
        const before = memoryOf(pid).rss;
        const memory = watchMemory(pid);
        const run = await load(runtime.url, 100);
        const peak = Math.max(memory.stop(), memoryOf(pid).peak);
        console.info(`${summary('workerd', run, peak)}; ${(before / megabyte).toFixed(0)} MB before`);
        expectBoundedAnswers(run);
        expect(peak - before).toBeLessThan(400 * megabyte);
      },
      loadTestMs,
    );

    it('gives back the room of answers whose clients left, before or while they were sent', async () => {
      expect(await statusAfterClientsLeave(runtime.url, 12)).toBe(200);
    }, 30_000);
  });
});
