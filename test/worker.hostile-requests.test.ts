import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { premiumSentences, siteUnderTest } from './helpers/site-under-test.js';
import { runtimePair, type RuntimePair } from './helpers/runtime-pair.js';
import type { RuntimeResponse } from './helpers/runtimes.js';
import { upload, uploadDespiteReset } from './helpers/upload.js';

let site: Awaited<ReturnType<typeof siteUnderTest>>;
let sentences: string[] = [];
let runtimes: RuntimePair;

beforeAll(async () => {
  site = await siteUnderTest();
  sentences = premiumSentences(site.dist);
  runtimes = await runtimePair(site);
});
afterAll(() => runtimes?.close());

const premium = ['data-formats', 'json-api'];
const pathTricks = premium.flatMap((slug) => [
  `/resources/${slug}/..%2f${slug}.md`,
  `/resources/x/../${slug}.md`,
  `/resources/./${slug}.md`,
  `/resources/%2e%2e/resources/${slug}.md`,
  `/resources/${slug}%2Emd`,
  `/resources/${slug}%2emd`,
  `/resources/${slug}%2fx`,
  `/resources/${slug}%5c.md`,
  `/resources/${slug}%00.md`,
  `/resources/${slug}.md%00`,
  `/resources/${slug}.md/`,
  `/resources/${slug}.MD`,
  `/resources/${slug.toUpperCase()}.md`,
  `/RESOURCES/${slug}.md`,
  `//resources/${slug}.md`,
  `/resources//${slug}.md`,
  `/resources/${slug}.md?x=../../`,
  `/resources/${slug}.md#frag`,
  `/resources/${slug}.md.`,
  `/resources/${slug}.json`,
  `/api/resources/${slug}.json.`,
  `/api/resources/${slug}.JSON`,
  `/api/resources/${slug}%2ejson`,
  `/api/resources/${slug}`,
  `/api/resources/${slug}/`,
  `/api/resources/${slug}.md`,
  `/resources/${slug.replace('-', '%2d')}.md`,
  `/resources/${slug}.md;.html`,
  `/resources/${slug}/index.html`,
  `/resources/${slug}.html`,
  `/resources/%ff${slug}.md`,
  `/resources/${slug}%c0%af.md`,
  `/resources/${slug}%e0%80.md`,
  `/resources/${slug}%`,
  `/resources/${slug}%zz`,
]);
const generalTricks = [
  '/',
  '/..',
  '/../../etc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/api/corpus.full.jsonl/',
  '/api/corpus.full.jsonl%00',
  '/api/corpus%2efull.jsonl',
  '/worker/worker.js',
  '/../worker/worker.js',
  '/%2e%2e/worker/data/worker-data.json',
  '/_headers',
  '/wrangler.jsonc',
  `/${'a'.repeat(5000)}`,
  `/resources/${'x'.repeat(3000)}.md`,
  '/resources/\u00e9t\u00e9.md',
  '/resources/%E2%80%AE.md',
  '/api/resources/.json',
  '/api/resources/-.json',
];
const methods = ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'FOO'];
const headerTricks = (): Record<string, string>[] => [
  { Authorization: `Bearer ${'x'.repeat(6000)}` },
  { Authorization: 'Bearer' },
  { Authorization: 'Bearer ' },
  { Authorization: 'Bearer\tadk_x' },
  { 'x-api-key': '' },
  { 'x-api-key': ' '.repeat(100) },
  { 'x-api-key': 'adk_\u00ff\u00fe' },
  { Authorization: 'Bearer adk_a, Bearer adk_b' },
  { Authorization: 'Basic Og==' },
  { Authorization: `Bearer ${site.keys.starter}x` },
  { Cookie: 'key=adk_x' },
  { 'X-Forwarded-For': '127.0.0.1', 'X-Original-URL': '/resources/data-formats.md' },
];

interface Probe {
  path: string;
  method: string;
  headers: Record<string, string>;
}

function probes(): Probe[] {
  const list: Probe[] = [];
  for (const path of [...pathTricks, ...generalTricks]) list.push({ path, method: 'GET', headers: {} });
  for (const method of methods)
    for (const path of ['/resources/data-formats.md', '/api/corpus.full.jsonl', '/api/resources/json-api.json'])
      list.push({ path, method, headers: {} });
  for (const headers of headerTricks())
    for (const path of ['/resources/data-formats.md', '/api/corpus.full.jsonl'])
      list.push({ path, method: 'GET', headers });
  return list;
}

describe.each([0, 1])('hostile requests (runtime %i: serve, then workerd)', (index) => {
  it('never answer 5xx and never carry a premium sentence without a key', async () => {
    const runtime = runtimes.both[index]!;
    const list = probes();
    expect(list.length).toBeGreaterThanOrEqual(100);
    for (const probe of list) {
      let response: RuntimeResponse;
      try {
        response = await runtime.request(probe.path, { method: probe.method, headers: probe.headers });
      } catch (error) {
        // A client library may refuse to send a header value (workerd's fetch does for non-Latin-1); nothing reached the server.
        expect(String(error), `${probe.method} ${probe.path}`).toMatch(/header|invalid|ByteString/i);
        continue;
      }
      const label = `${probe.method} ${probe.path.slice(0, 80)} ${JSON.stringify(probe.headers).slice(0, 60)} -> ${response.status}`;
      // workerd itself answers 501 to a method it does not know, before any worker code runs.
      const platformRefusal = runtime.name === 'workerd' && probe.method === 'FOO' && response.status === 501;
      if (!platformRefusal) expect(response.status, label).toBeLessThan(500);
      expect(response.status, label).toBeGreaterThanOrEqual(200);
      for (const sentence of sentences)
        expect(response.body.includes(sentence), `${label} leaked "${sentence}"`).toBe(false);
      if (methods.includes(probe.method) && response.status === 405)
        expect(response.headers.get('allow')).toBe('GET, HEAD');
    }
  });

  it('answers a 5 MB chunked body sent to any route without a 5xx and without reading all of it', async () => {
    const runtime = runtimes.both[index]!;
    // workerd resets the connection after answering a body it did not read, which can cost the
    // client the answer; `agentdir serve` lingers instead, so there a reset is a failure.
    const send = runtime.name === 'workerd' ? uploadDespiteReset : upload;
    for (const [method, path] of [
      ['POST', '/mcp'],
      ['POST', '/api/grader'],
      ['PUT', '/resources/data-formats.md'],
      ['POST', '/api/corpus.full.jsonl'],
      ['POST', '/api/x402/data-formats'],
    ] as const) {
      const answer = await send(runtime.url, path, { method, offered: 5_000_000 });
      expect(answer.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${method} ${path}`).toBeLessThan(500);
      for (const sentence of sentences) expect(answer.body.includes(sentence)).toBe(false);
    }
  });

  it('refuses encoded slashes, bad UTF-8 and overlong paths with a 4xx JSON error', async () => {
    if (runtimes.both[index]!.name !== 'serve') return;
    for (const [path, status] of [
      ['/resources/data-formats%2fx', 400],
      ['/resources/%ffdata-formats.md', 400],
      [`/${'a'.repeat(5000)}`, 414],
      ['/resources/data-formats.md%00', 400],
    ] as const) {
      const response = await runtimes.both[index]!.request(path);
      expect(response.status, path).toBe(status);
      expect(JSON.parse(response.body)).toHaveProperty('error');
    }
  });
});
