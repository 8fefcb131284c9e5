import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaRegistry } from '../src/schemas/registry.js';
import { runtimePair, type RuntimePair } from './helpers/runtime-pair.js';
import { readNdjson } from './helpers/fixtures.js';
import { siteUnderTest } from './helpers/site-under-test.js';

let site: Awaited<ReturnType<typeof siteUnderTest>>;
let runtimes: RuntimePair;

beforeAll(async () => {
  site = await siteUnderTest();
  runtimes = await runtimePair(site);
});
afterAll(() => runtimes?.close());

describe.each([0, 1])('the full corpus export (runtime %i: serve, then workerd)', (index) => {
  const runtime = () => runtimes.both[index]!;

  it.each([
    ['no key', {}],
    ['a starter key', () => ({ Authorization: `Bearer ${site.keys.starter}` })],
    ['a revoked key', () => ({ 'x-api-key': site.keys.revoked })],
  ])('answers the §7.2 402 to %s', async (_, headers) => {
    const response = await runtime().request('/api/corpus.full.jsonl', {
      headers: typeof headers === 'function' ? headers() : headers,
    });
    expect(response.status).toBe(402);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const link = response.headers.get('link')!;
    for (const rel of ['payment', 'payment-manifest', 'pricing', 'license', 'mcp-server'])
      expect(link).toContain(`rel="${rel}"`);
    expect(link).toContain('<https://fixture.example/mcp>; rel="mcp-server"');
    const validate = schemaRegistry().validator('corpus-license-required');
    const body = JSON.parse(response.body);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    expect(body.free_sample).toBe('https://fixture.example/api/corpus.jsonl');
  });

  it.each(['corpus', 'redistribution'] as const)(
    'streams every record with text to a %s key, premium bodies included',
    async (tier) => {
      const response = await runtime().request('/api/corpus.full.jsonl', { headers: { 'x-api-key': site.keys[tier] } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/x-ndjson');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const lines = await readNdjson({ text: response.body });
      const validate = schemaRegistry().validator('corpus-record');
      for (const line of lines) expect(validate(line), JSON.stringify(validate.errors)).toBe(true);
      expect(lines[0]).toMatchObject({ type: 'meta', export: 'full', count: 5 });
      expect(lines).toHaveLength(6);
      for (const record of lines.slice(1)) expect(typeof record.text, String(record.slug)).toBe('string');
      expect(lines.find((record) => record.slug === 'data-formats')!.text).toContain('The secret premium sentence');
    },
  );
});
