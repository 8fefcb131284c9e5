import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from './helpers/build-fixture.js';
import { copyFixture, tempDir } from './helpers/fixtures.js';
import { memoryOf, procStatusReadable } from './helpers/process-memory.js';
import { runtimePair, type RuntimePair } from './helpers/runtime-pair.js';
import { startServe } from './helpers/runtimes.js';
import { trickle, upload, uploadDespiteReset } from './helpers/upload.js';
import { maxAnswerBytes, maxBatchItems, maxBodyBytes } from '../src/shared/mcp-limits.js';

const urls: Record<string, string> = {};
let runtimes: RuntimePair;
let dist = '';
let keysFile = '';

/** The minimal fixture plus 60 resources of about 12 KB each: one 50-record get_corpus page is over 1 MB. */
async function largeSite(): Promise<string> {
  const content = copyFixture('minimal');
  const paragraph =
    'Agents read this directory through its corpus export, one record per resource, with the Markdown body in text. ';
  for (let index = 0; index < 60; index++) {
    const body = Array.from(
      { length: 100 },
      (_, line) => `${paragraph}Paragraph ${line} of bulk resource ${index}.`,
    ).join('\n\n');
    const file = [
      '---',
      `title: Bulk resource ${index}`,
      `description: Bulk resource ${index}, long enough to make corpus pages large.`,
      'category: protocols',
      'tags: [formats]',
      'updated: 2026-05-05',
      '---',
      '',
      body,
      '',
    ].join('\n');
    fs.writeFileSync(path.join(content, 'resources', `bulk-${index}.md`), file);
  }
  return (await buildFixture(content)).outDir;
}

beforeAll(async () => {
  dist = await largeSite();
  keysFile = path.join(tempDir(), 'keys.json');
  fs.writeFileSync(keysFile, JSON.stringify({ keys: [] }));
  runtimes = await runtimePair({ dist, keysFile }, { workerdKeys: false });
  urls.serve = runtimes.serve.url;
  urls.workerd = runtimes.workerd.url;
}, 60_000);
afterAll(() => runtimes?.close());

const json = { 'Content-Type': 'application/json', Accept: 'application/json' };
const corpusCall = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'get_corpus', arguments: { limit: 50 } },
});
const megabyte = 1024 * 1024;

describe.each(['serve', 'workerd'])('request limits on %s', (runtime) => {
  const post = async (body: unknown) => {
    const started = performance.now();
    const response = await fetch(`${urls[runtime]}mcp`, { method: 'POST', headers: json, body: JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, text, body: JSON.parse(text), ms: performance.now() - started };
  };

  it(`refuses a batch of ${maxBatchItems + 1} messages with 413 and -32600, running none of them`, async () => {
    const batch = Array.from({ length: maxBatchItems + 1 }, (_, index) => corpusCall(index));
    const answer = await post(batch);
    expect(answer.status).toBe(413);
    expect(Array.isArray(answer.body)).toBe(false);
    expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    expect(answer.body.error.message).toContain('at most 32 messages');
    // Nothing ran: the answer is the error alone, not a megabyte of corpus pages.
    expect(answer.text.length).toBeLessThan(1000);
  });

  it(`still answers a batch of ${maxBatchItems} small messages in full`, async () => {
    const batch = Array.from({ length: maxBatchItems }, (_, index) => ({ jsonrpc: '2.0', id: index, method: 'ping' }));
    const answer = await post(batch);
    expect(answer.status).toBe(200);
    expect(answer.body.map((entry: { id: number }) => entry.id)).toEqual(batch.map((message) => message.id));
  });

  it(`stops running a batch once its answers reach ${maxAnswerBytes / megabyte} MiB, and says so for each request left`, async () => {
    const single = await post(corpusCall(0));
    const pageBytes = Buffer.byteLength(single.text);
    expect(pageBytes).toBeGreaterThan(megabyte);
    const answer = await post(Array.from({ length: maxBatchItems }, (_, index) => corpusCall(index)));
    expect(answer.status).toBe(200);
    expect(Buffer.byteLength(answer.text)).toBeLessThanOrEqual(maxAnswerBytes + 10_000);
    const entries = answer.body as { id: number; result?: unknown; error?: { code: number; message: string } }[];
    expect(entries.map((entry) => entry.id)).toEqual([...Array(maxBatchItems).keys()]);
    const answered = entries.filter((entry) => entry.result).length;
    // Every page fits until the next would pass the cap (ids of one or two digits aside).
    expect(Math.abs(answered - Math.floor(maxAnswerBytes / (pageBytes + 1)))).toBeLessThanOrEqual(1);
    for (const entry of entries.slice(answered)) {
      expect(entry.error!.code).toBe(-32600);
      expect(entry.error!.message).toContain(String(maxAnswerBytes));
    }
  });

  for (const route of ['/mcp', '/api/grader']) {
    it(`answers a chunked 50 MB POST to ${route} with a JSON 413 after reading little of it`, async () => {
      const answer = await uploadDespiteReset(urls[runtime]!, route, { offered: 50_000_000 });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toBeTypeOf('object');
      // The limits are 256 KiB and 10 KB; socket buffers let a few more megabytes through before the answer.
      expect(answer.sent).toBeLessThan(20_000_000);
      expect(answer.ms).toBeLessThan(5_000);
    });

    it(`answers Content-Length: 2000000000 on ${route} with 413 at once, without waiting for the body`, async () => {
      const answer = await upload(urls[runtime]!, route, { offered: 16, headers: { 'Content-Length': '2000000000' } });
      expect(answer.status).toBe(413);
      expect(answer.ms).toBeLessThan(2_000);
    });
  }

  it('answers a body that arrives slowly, under the limit, and other clients meanwhile', async () => {
    const padded = `{"jsonrpc":"2.0","id":1,"method":"ping"${' '.repeat(maxBodyBytes - 100)}}`;
    const slow = trickle(urls[runtime]!, '/mcp', padded, 20, 75);
    for (let round = 0; round < 5; round++) {
      const started = performance.now();
      expect((await post({ jsonrpc: '2.0', id: 2, method: 'ping' })).status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1_000);
    }
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ id: 1, result: {} });
  });
});

describe.skipIf(!procStatusReadable)('agentdir serve under large uploads', () => {
  let server: Awaited<ReturnType<typeof startServe>>;
  // Its own process, so the peak memory measured is the uploads' alone.
  beforeAll(async () => {
    server = await startServe(dist, keysFile);
  });
  afterAll(() => server.close());

  it('keeps memory flat through 1 GB uploads to /mcp, /api/grader and a static page, and stays responsive', async () => {
    const before = memoryOf(server.child.pid!);
    const started = performance.now();
    const uploads = Promise.all([
      upload(server.url, '/mcp', { offered: 1e9 }),
      upload(server.url, '/api/grader', { offered: 1e9 }),
      // A static page ignores a body it did not ask for, and does not wait for it either.
      upload(server.url, '/', { method: 'GET', offered: 1e9 }),
    ]);
    const page = await fetch(`${server.url}resources/getting-started`);
    expect(page.status).toBe(200);
    const answers = await uploads;
    const seconds = (performance.now() - started) / 1000;
    expect(answers.map((answer) => answer.status)).toEqual([413, 413, 200]);
    // The rest of each upload is not read: the connection closes, and says so, so no client reuses it.
    for (const answer of answers) expect(answer.headers.connection).toBe('close');
    for (const answer of answers) expect(answer.sent).toBeLessThan(20_000_000);
    const after = memoryOf(server.child.pid!);
    expect(after.peak - before.rss).toBeLessThan(200 * megabyte);
    expect(seconds).toBeLessThan(10);
    console.info(
      `serve: RSS ${(before.rss / megabyte).toFixed(0)} MB before, peak ${(after.peak / megabyte).toFixed(0)} MB, ${seconds.toFixed(2)} s for three 1 GB uploads`,
    );
  });
});
