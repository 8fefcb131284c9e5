import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaRegistry } from '../src/schemas/registry.js';
import { siteUnderTest, type TestKeys } from './helpers/site-under-test.js';
import { runtimePair, type RuntimePair } from './helpers/runtime-pair.js';
import type { RuntimeResponse } from './helpers/runtimes.js';

type KeyState = 'none' | 'unknown' | 'starter' | 'revoked' | 'corpus' | 'redistribution';
/** The RFC 6750 answer a refused request carries in WWW-Authenticate: no error code when it sent no key. */
type Refusal = 'missing' | 'invalid_token' | 'insufficient_scope';
type HeaderStyle = 'Bearer' | 'bearer' | 'BEARER padded' | 'x-api-key' | 'both headers' | 'Basic + x-api-key';

const slugs = { free: 'wire-formats', premium: 'data-formats' };
const shapes = {
  html: (slug: string) => `/resources/${slug}`,
  'html/': (slug: string) => `/resources/${slug}/`,
  markdown: (slug: string) => `/resources/${slug}.md`,
  json: (slug: string) => `/api/resources/${slug}.json`,
};
const keyStates: KeyState[] = ['none', 'unknown', 'starter', 'revoked', 'corpus'];
const corpusKeyStates: KeyState[] = [...keyStates, 'redistribution'];
const headerStyles: HeaderStyle[] = [
  'Bearer',
  'bearer',
  'BEARER padded',
  'x-api-key',
  'both headers',
  'Basic + x-api-key',
];
const mediaTypes = { html: 'text/html', 'html/': 'text/html', markdown: 'text/markdown', json: 'application/json' };

function headersFor(state: KeyState, style: HeaderStyle, keys: TestKeys): Record<string, string> {
  if (state === 'none') return {};
  const key = state === 'unknown' ? 'adk_not-a-real-key-at-all' : keys[state];
  switch (style) {
    case 'Bearer':
      return { Authorization: `Bearer ${key}` };
    case 'bearer':
      return { authorization: `bearer ${key}` };
    case 'BEARER padded':
      return { Authorization: `BEARER    ${key}   ` };
    case 'x-api-key':
      return { 'x-api-key': key };
    case 'both headers':
      // The Bearer header is checked first and wins, whatever x-api-key says.
      return { Authorization: `Bearer ${key}`, 'x-api-key': 'adk_decoy' };
    case 'Basic + x-api-key':
      // Authorization without the Bearer scheme does not count: x-api-key is used.
      return { Authorization: 'Basic dXNlcjpwYXNz', 'x-api-key': key };
  }
}

interface Case {
  name: string;
  path: string;
  headers: Record<string, string>;
  expectStatus: number;
  expectType: string;
  gated: boolean;
  /** Set for the full corpus export, whose 402 is the corpus-license body. */
  corpus?: boolean;
  /** For a 402: what its WWW-Authenticate challenge says. */
  refusal?: Refusal;
}

function refusalOf(state: KeyState): Refusal {
  if (state === 'none') return 'missing';
  return state === 'unknown' || state === 'revoked' ? 'invalid_token' : 'insufficient_scope';
}

/** A Bearer challenge as its scheme and parameters; the quoted values unescaped. */
function parseChallenge(header: string): Record<string, string> {
  const [, scheme = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(header) ?? [];
  const params = [...rest.matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"(?:,\s*|$)/g)].map(([, name, value]) => [
    name!,
    value!.replace(/\\(.)/g, '$1'),
  ]);
  return { scheme, ...Object.fromEntries(params) };
}

function cases(keys: TestKeys): Case[] {
  const list: Case[] = [];
  for (const [kind, slug] of Object.entries(slugs)) {
    for (const [shape, pathFor] of Object.entries(shapes)) {
      for (const state of keyStates) {
        for (const style of state === 'none' ? (['Bearer'] as HeaderStyle[]) : headerStyles) {
          const opens = kind === 'free' || state === 'starter' || state === 'corpus';
          // A free page's trailing-slash spelling is a static asset: it redirects to the page's one URL, as Cloudflare does.
          const redirects = kind === 'free' && shape === 'html/';
          list.push({
            name: `${kind} ${shape} ${state} ${state === 'none' ? '' : style}`.trim(),
            path: pathFor(slug),
            headers: headersFor(state, style, keys),
            expectStatus: redirects ? 307 : opens ? 200 : 402,
            expectType: redirects ? '' : opens ? mediaTypes[shape as keyof typeof shapes] : 'application/json',
            gated: kind === 'premium',
            ...(opens || redirects ? {} : { refusal: refusalOf(state) }),
          });
        }
      }
    }
  }
  // Keys that are not keys at all, and requests that send none in a way that looks like one.
  const odd: [string, Record<string, string>, Refusal][] = [
    ['Basic only', { Authorization: 'Basic dXNlcjpwYXNz' }, 'missing'],
    ['empty Bearer', { Authorization: 'Bearer ' }, 'missing'],
    ['blank x-api-key', { 'x-api-key': '   ' }, 'missing'],
    ['key over 512 characters', { Authorization: `Bearer adk_${'x'.repeat(600)}` }, 'invalid_token'],
    ['key with quotes and backslashes', { 'x-api-key': 'adk_"\\x' }, 'invalid_token'],
    [
      'starter key with one character changed',
      { Authorization: `Bearer ${keys.starter.slice(0, -1)}~` },
      'invalid_token',
    ],
  ];
  for (const [label, headers, refusal] of odd)
    for (const [shape, pathFor] of Object.entries(shapes))
      list.push({
        name: `premium ${shape} ${label}`,
        path: pathFor(slugs.premium),
        headers,
        expectStatus: 402,
        expectType: 'application/json',
        gated: true,
        refusal,
      });
  for (const state of corpusKeyStates)
    for (const style of state === 'none' ? (['Bearer'] as HeaderStyle[]) : headerStyles) {
      const opens = state === 'corpus' || state === 'redistribution';
      list.push({
        name: `corpus.full.jsonl ${state} ${state === 'none' ? '' : style}`.trim(),
        path: '/api/corpus.full.jsonl',
        headers: headersFor(state, style, keys),
        expectStatus: opens ? 200 : 402,
        expectType: opens ? 'application/x-ndjson' : 'application/json',
        gated: true,
        corpus: true,
        ...(opens ? {} : { refusal: refusalOf(state) }),
      });
    }
  return list;
}

/** What must match between runtimes: status, media type, and for worker routes the caching, Vary, Link and challenge headers. */
function essentials(response: RuntimeResponse, gated: boolean) {
  if (response.status === 307)
    return { status: 307, type: '', location: response.headers.get('location')?.replace(/^https?:\/\/[^/]+/, '') };
  return {
    status: response.status,
    type: (response.headers.get('content-type') ?? '').split(';')[0]!.trim(),
    ...(gated
      ? {
          cacheControl: response.headers.get('cache-control'),
          vary: response.headers.get('vary'),
          link: response.headers.get('link'),
          challenge: response.headers.get('www-authenticate'),
        }
      : {}),
    body: response.body,
  };
}

let site: Awaited<ReturnType<typeof siteUnderTest>>;
let runtimes: RuntimePair;
const results = new Map<string, Map<string, ReturnType<typeof essentials>>>();

beforeAll(async () => {
  site = await siteUnderTest();
  runtimes = await runtimePair(site);
});
afterAll(() => runtimes?.close());

describe.each(['serve', 'workerd'] as const)('access matrix on %s', (runtimeName) => {
  it('answers every {free, premium} x {4 URL shapes} x {key} x {header style} case, and the full corpus export, as the access rules of the README say', async () => {
    const runtime = runtimes[runtimeName];
    const seen = new Map<string, ReturnType<typeof essentials>>();
    const validate402 = schemaRegistry().validator('payment-required');
    const validateCorpus402 = schemaRegistry().validator('corpus-license-required');
    for (const testCase of cases(site.keys)) {
      const response = await runtime.request(testCase.path, { headers: testCase.headers });
      const summary = essentials(response, testCase.gated);
      seen.set(testCase.name, summary);
      expect(summary.status, testCase.name).toBe(testCase.expectStatus);
      expect(summary.type, testCase.name).toBe(testCase.expectType);
      if (testCase.gated && response.status === 200) {
        expect(response.headers.get('cache-control'), testCase.name).toBe('private, no-store');
        expect(response.headers.get('vary'), testCase.name).toBe('Authorization, x-api-key');
        expect(response.headers.get('www-authenticate'), testCase.name).toBeNull();
        expect(response.body).toContain(testCase.corpus ? 'The secret premium sentence' : 'NDJSON exports');
      }
      if (response.status === 402) {
        // RFC 6750 section 3: a challenge on every refusal; an error code only when a key was sent.
        const header = response.headers.get('www-authenticate');
        expect(header, testCase.name).not.toBeNull();
        const challenge = parseChallenge(header!);
        expect(challenge.scheme, testCase.name).toBe('Bearer');
        expect(challenge.realm, testCase.name).toBe('https://fixture.example');
        if (testCase.refusal === 'missing') expect(Object.keys(challenge), testCase.name).toEqual(['scheme', 'realm']);
        else {
          expect(challenge.error, testCase.name).toBe(testCase.refusal);
          expect(challenge.error_description, testCase.name).toMatch(/^[\x20\x21\x23-\x5b\x5d-\x7e]+$/);
        }
      }
      if (response.status === 402 && testCase.corpus) {
        expect(response.headers.get('cache-control')).toBe('no-store');
        expect(response.headers.get('link')).toContain('<https://fixture.example/mcp>; rel="mcp-server"');
        const body = JSON.parse(response.body);
        expect(validateCorpus402(body), JSON.stringify(validateCorpus402.errors)).toBe(true);
      } else if (response.status === 402) {
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(response.headers.get('cache-control')).toBe('no-store');
        expect(response.headers.get('link')).toBe(
          '<https://fixture.example/buy>; rel="payment", <https://fixture.example/license.xml>; rel="license", <https://fixture.example/api/pricing.json>; rel="pricing"',
        );
        const body = JSON.parse(response.body);
        expect(validate402(body), JSON.stringify(validate402.errors)).toBe(true);
        expect(body).toMatchObject({
          resource: 'data-formats',
          price_usd: '0.05',
          preview: { title: 'Data formats', sections: ['NDJSON exports', 'Schema versions', 'Verified sources'] },
        });
        expect(response.body).not.toContain('secret premium sentence');
      }
    }
    expect(seen.size).toBe(2 * 4 * (1 + 4 * 6) + 6 * 4 + (1 + 5 * 6));
    results.set(runtimeName, seen);
  });

  it('answers HEAD like GET without a body', async () => {
    const runtime = runtimes[runtimeName];
    for (const headers of [{}, { 'x-api-key': site.keys.starter }] as Record<string, string>[]) {
      const get = await runtime.request('/resources/data-formats.md', { headers });
      const head = await runtime.request('/resources/data-formats.md', { method: 'HEAD', headers });
      expect(head.status).toBe(get.status);
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(head.body).toBe('');
    }
  });
});

describe('both runtimes', () => {
  it('give identical statuses, headers that matter and bodies for the whole matrix', () => {
    const serve = results.get('serve');
    const workerd = results.get('workerd');
    expect(serve && workerd).toBeTruthy();
    for (const [name, summary] of serve!) expect(workerd!.get(name), name).toEqual(summary);
  });
});
