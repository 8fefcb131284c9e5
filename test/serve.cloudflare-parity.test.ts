import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { premiumSentences, siteUnderTest } from './helpers/site-under-test.js';
import { runtimePair, type RuntimePair } from './helpers/runtime-pair.js';
import { rawRequest, type RuntimeResponse } from './helpers/runtimes.js';

// The same raw requests (paths sent exactly as written) to `agentdir serve` and to workerd running
// Cloudflare's asset server under the generated dist/wrangler.jsonc: serve must answer as a deployment does.

let serveUrl = '';
let workerdUrl = '';
let sentences: string[] = [];
let runtimes: RuntimePair;

beforeAll(async () => {
  const site = await siteUnderTest();
  sentences = premiumSentences(site.dist);
  runtimes = await runtimePair(site);
  serveUrl = runtimes.serve.url;
  workerdUrl = runtimes.workerd.url;
});
afterAll(() => runtimes?.close());

/** Stands for the ETag the same runtime gave for the same path: sent back, it asks for a 304. */
const itsEtag = '(the ETag this runtime gave for the path)';

/** Request as sent, the status Cloudflare answers, what that shows; serve must answer the same in every detail. */
type ParityCase = [request: string, status: number, says: string, headers?: Record<string, string>];

const cases: ParityCase[] = [
  ['GET //llms.txt', 307, 'a double slash redirects to the path with one'],
  ['GET ///llms.txt', 307, 'so do three'],
  ['GET /resources//wire-formats', 307, 'inside the path too'],
  ['GET /404.html', 307, 'the 404 page is a page like any other: `/404.html` redirects to `/404`'],
  ['GET /404', 200, 'which answers it with 200'],
  ['GET /index', 307, '`/index` redirects to `/`'],
  ['GET /%72esources/wire-formats', 307, 'an encoded unreserved letter redirects to the plain spelling'],
  ['GET /resources/wire%2Dformats', 307, 'so does an encoded dash'],
  ['GET /llms%2etxt', 307, 'and an encoded dot'],
  ['GET /resources/wire-formats;x', 307, 'a semicolon redirects to its encoded spelling'],
  ['GET /llms.txt;', 307, 'also at the end'],
  ['GET //api/corpus.full.jsonl', 307, 'a worker route with a double slash redirects to the route'],
  ['GET /api//corpus.full.jsonl', 307, 'with the CORS rule of `/api/*`'],
  ['GET //resources/json-api.md', 307, 'a premium Markdown URL with a double slash redirects to the gated URL'],
  ['GET /resources//json-api.md', 307, 'inside the path too'],
  ['GET /resources/json%2Dapi', 307, 'a premium page with an encoded dash redirects to the gated URL'],
  ['GET /%72esources/json-api/', 307, 'so does its trailing-slash form'],
  ['GET /resources/json%2dapi.md', 307, 'and its Markdown variant'],
  ['GET /api/resources/json%2Dapi.json', 307, 'and its JSON variant'],
  ['GET /api/corpus%2Efull.jsonl', 307, 'and the full corpus'],
  ['GET /resources/json-api.md;', 307, 'a semicolon after a gated URL redirects away from it'],
  ['GET //mcp/server-card', 307, 'the MCP server card with a double slash redirects to it'],
  ['GET /api/x402//json-api', 307, 'so does the pay-per-fetch route'],
  ['GET /llms.txt', 200, 'a static file is cached for revalidation, with an ETag'],
  ['GET /resources/wire-formats', 200, 'a page too'],
  ['GET /llms.txt', 304, 'its ETag sent back answers 304', { 'If-None-Match': itsEtag }],
  ['GET /resources/wire-formats', 304, 'for a page too', { 'If-None-Match': itsEtag }],
  ['GET /no/such/page', 304, 'and for the 404 page', { 'If-None-Match': itsEtag }],
  ['GET /llms.txt', 200, 'with credentials, no caching header', { Authorization: 'Bearer adk_x' }],
  ['GET /no/such/page', 404, 'the 404 page carries the `_headers` rules (Link)'],
  ['GET /api/no-such.json', 404, 'and under `/api/` the CORS rule'],
  ['GET /resources/wire-formats/', 307, 'a trailing-slash redirect carries the rules too'],
  ['GET /api/resources.json', 200, 'JSON is `application/json`, as the host labels it'],
  ['GET /sitemap-0.xml', 200, 'XML is `application/xml`'],
  ['HEAD /llms.txt', 200, 'HEAD answers without a Content-Length'],
  ['HEAD /resources/wire-formats', 200, 'for a page too'],
  ['HEAD /no/such/page', 404, 'and for the 404 page'],
  ['HEAD //llms.txt', 307, 'and for a redirect'],
];

const compared = ['location', 'cache-control', 'link', 'access-control-allow-origin', 'content-type', 'content-length'];

/** What a client can tell apart: status, the headers above, whether there is an ETag (its value is each host's own), the body. */
function essentials(response: RuntimeResponse) {
  return {
    status: response.status,
    ...Object.fromEntries(compared.map((name) => [name, response.headers.get(name)])),
    etag: response.headers.has('etag'),
    body: response.body,
  };
}

async function send(base: string, request: string, given: Record<string, string> = {}): Promise<RuntimeResponse> {
  const [method, path] = request.split(' ') as [string, string];
  const headers = { ...given };
  if (headers['If-None-Match'] === itsEtag)
    headers['If-None-Match'] = (await rawRequest(base, path)).headers.get('etag') ?? '';
  return rawRequest(base, path, { method, headers });
}

describe('agentdir serve answers static requests as Cloudflare does', () => {
  it.each(cases)('%s (%i): %s', async (request, status, _says, headers) => {
    const [serve, workerd] = [await send(serveUrl, request, headers), await send(workerdUrl, request, headers)];
    expect(workerd.status, 'Cloudflare').toBe(status);
    expect(essentials(serve)).toEqual(essentials(workerd));
  });
});

/** Other spellings of the gated URLs: each must end at the worker's 402, on both runtimes, never at a file. */
const gatedSpellings = [
  '/resources/json%2Dapi',
  '/resources/json%2Dapi/',
  '//resources/json-api',
  '/resources//json-api.md',
  '/%72esources/json-api.md',
  '/api/resources/json%2dapi.json',
  '//api/resources/json-api.json',
  '/api//corpus.full.jsonl',
  '/api/corpus%2Efull.jsonl',
  '/resources/data-formats%2Emd',
];

/** Follows redirects as a client would, the raw Location each time. */
async function follow(base: string, path: string): Promise<RuntimeResponse> {
  let response = await rawRequest(base, path);
  for (let hops = 0; response.status === 307 && hops < 5; hops++)
    response = await rawRequest(base, new URL(response.headers.get('location')!, 'http://x').pathname);
  return response;
}

describe('another spelling of a gated URL', () => {
  it.each(gatedSpellings)('%s ends gated on both runtimes', async (path) => {
    const [serve, workerd] = [await follow(serveUrl, path), await follow(workerdUrl, path)];
    expect(workerd.status).toBe(402);
    expect(serve.status).toBe(402);
    expect(serve.body).toBe(workerd.body);
    for (const sentence of sentences) expect(serve.body).not.toContain(sentence);
  });
});

/** The differences the README lists under `agentdir serve`, pinned on both sides so the list stays true. */
const kept: [request: string, serve: number, workerd: number][] = [
  ['GET /resources/wire-formats%2fx', 400, 307],
  ['GET /resources/%ffwire-formats', 400, 307],
  ['POST /llms.txt', 405, 405],
];

describe('where serve keeps its own answer', () => {
  it.each(kept)('%s: serve %i, Cloudflare %i', async (request, serveStatus, workerdStatus) => {
    const [serve, workerd] = [await send(serveUrl, request), await send(workerdUrl, request)];
    expect(workerd.status).toBe(workerdStatus);
    expect(serve.status).toBe(serveStatus);
    expect(JSON.parse(serve.body)).toHaveProperty('error');
    if (serveStatus === 405) {
      expect(serve.headers.get('allow')).toBe('GET, HEAD');
      expect(workerd.headers.get('allow')).toBeNull();
    }
  });
});
