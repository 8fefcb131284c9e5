import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/shared/key-hash.js';
import type { PaymentFacts, WorkerData } from '../../src/shared/worker-data.js';
import type { WorkerEnv } from '../../src/worker/env.js';
import { fullCorpus } from '../../src/worker/routes/full-corpus.js';
import { premiumResource } from '../../src/worker/routes/premium-resource.js';

const payment: PaymentFacts = {
  price_usd: '0.05',
  payment_url: 'https://pay.example/checkout',
  how_to_pay: 'Retry with a key.',
  how_to_pay_per_fetch: 'Or pay at /api/x402/{slug}.',
  how_to_pay_corpus: 'Buy a corpus key.',
  terms: 'https://site.example/resources/access-and-pricing',
  license: 'https://site.example/license.xml',
  pricing_catalog: 'https://site.example/api/pricing.json',
  payment_manifest: 'https://site.example/api/payment.json',
  mcp_server: 'https://site.example/mcp',
  free_sample: 'https://site.example/api/corpus.jsonl',
};

const data = {
  site: { name: 'Site', url: 'https://site.example' },
  x402: { network: 'base', maxTimeoutSeconds: 60, transferMethods: ['eip3009'] },
  payment,
  premium: {
    'paid-guide': {
      preview: { title: 'Paid guide', description: 'Worth it.', sections: ['Setup', 'Details'] },
      html: '<p>full html</p>',
      markdown: '# full markdown',
      json: '{"body":"full"}',
      corpusRecord: '{"type":"resource","slug":"paid-guide","text":"FULL"}',
      paywall: ['<p>paywall</p>', '<p>paywall with x402</p>'],
    },
  },
  fullCorpusMeta: '{"type":"meta","full":true}',
} as unknown as WorkerData;

const keys = { starter: 'k-starter', corpus: 'k-corpus', redistribution: 'k-redistribution', revoked: 'k-revoked' };

async function keyEnv(extra: WorkerEnv = {}): Promise<WorkerEnv> {
  const records = await Promise.all(
    Object.entries(keys).map(async ([name, key]) => ({
      id: name,
      hash: await sha256Hex(key),
      tier: name === 'revoked' ? 'corpus' : name,
      ...(name === 'revoked' ? { revoked: '2025-01-01' } : {}),
    })),
  );
  return { AGENTDIR_KEYS: JSON.stringify({ keys: records }), ...extra };
}

/** Both variables the x402 gateway needs, with a wallet that is an address: configured. */
const gateway = {
  X402_FACILITATOR_URL: 'https://f.example',
  X402_PAY_TO: '0x0000000000000000000000000000000000000001',
};

const request = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Request(`https://site.example${path}`, { headers, method });

describe('premium resources', () => {
  it.each(['starter', 'corpus', 'redistribution'] as const)('open every variant to a %s key', async (tier) => {
    const env = await keyEnv();
    const auth = { authorization: `Bearer ${keys[tier]}` };
    for (const [variant, body, type] of [
      ['html', '<p>full html</p>', 'text/html'],
      ['markdown', '# full markdown', 'text/markdown'],
      ['json', '{"body":"full"}', 'application/json'],
    ] as const) {
      const response = await premiumResource(request('/x', auth), env, data, 'paid-guide', variant);
      expect(response.status, variant).toBe(200);
      expect(await response.text()).toBe(body);
      expect(response.headers.get('content-type')).toContain(type);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('vary')).toBe('Authorization, x-api-key');
    }
  });

  it('answers the payment-required 402 without a valid key, for each way of failing', async () => {
    const env = await keyEnv();
    const failing: Record<string, string>[] = [
      {},
      { 'x-api-key': keys.revoked },
      { 'x-api-key': 'unknown' },
      { authorization: 'Basic x' },
    ];
    for (const headers of failing) {
      const response = await premiumResource(request('/x', headers), env, data, 'paid-guide', 'markdown');
      expect(response.status, JSON.stringify(headers)).toBe(402);
      const sentKey = 'x-api-key' in headers;
      expect(response.headers.get('www-authenticate'), JSON.stringify(headers)).toMatch(
        sentKey
          ? /^Bearer realm="https:\/\/site\.example", error="invalid_token"/
          : /^Bearer realm="https:\/\/site\.example"$/,
      );
      const body = await response.json();
      expect(Object.keys(body).sort()).toEqual(
        [
          'error',
          'how_to_pay',
          'license',
          'payment_url',
          'preview',
          'price_usd',
          'pricing_catalog',
          'resource',
          'terms',
        ].sort(),
      );
      expect(body).toMatchObject({
        error: 'payment_required',
        resource: 'paid-guide',
        price_usd: '0.05',
        how_to_pay: 'Retry with a key.',
        preview: { title: 'Paid guide', description: 'Worth it.', sections: ['Setup', 'Details'] },
      });
      expect(JSON.stringify(body)).not.toContain('full');
    }
  });

  it('shows a browser the paywall page, with the x402 option only when the gateway is configured', async () => {
    const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const plain = await premiumResource(request('/x', browser), await keyEnv(), data, 'paid-guide', 'html');
    expect([plain.status, await plain.text()]).toEqual([402, '<p>paywall</p>']);
    expect(plain.headers.get('vary')).toContain('Accept');
    const paid = await premiumResource(request('/x', browser), await keyEnv(gateway), data, 'paid-guide', 'html');
    expect(await paid.text()).toBe('<p>paywall with x402</p>');
  });

  it('offers pay per fetch in how_to_pay only while the gateway would sell it', async () => {
    const howToPay = async (env: WorkerEnv) =>
      ((await (await premiumResource(request('/x'), env, data, 'paid-guide', 'json')).json()) as { how_to_pay: string })
        .how_to_pay;
    expect(await howToPay(await keyEnv())).toBe('Retry with a key.');
    expect(await howToPay(await keyEnv(gateway))).toBe('Retry with a key. Or pay at /api/x402/paid-guide.');
    // Both variables set, but the gateway still answers 503: a wallet that is not an address.
    expect(await howToPay(await keyEnv({ ...gateway, X402_PAY_TO: '0x1' }))).toBe('Retry with a key.');
  });

  it('gives a non-browser the JSON 402 even on the HTML URL', async () => {
    const response = await premiumResource(
      request('/x', { accept: '*/*' }),
      await keyEnv(),
      data,
      'paid-guide',
      'html',
    );
    expect(response.status).toBe(402);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('vary')).toMatch(/^Accept, /);
  });
});

describe('the full corpus export', () => {
  const free = [
    '{"type":"meta","full":false}',
    '{"type":"resource","slug":"free-one","text":"free text"}',
    '{"type":"resource","slug":"paid-guide","text":null}',
  ].join('\n');
  const assets: WorkerEnv['ASSETS'] = {
    async fetch(input) {
      const url = new URL(input instanceof Request ? input.url : String(input));
      return url.pathname === '/api/corpus.jsonl' ? new Response(`${free}\n`) : new Response('no', { status: 404 });
    },
  };

  it('needs a corpus or redistribution key: starter, revoked and missing keys get the corpus-license 402', async () => {
    const env = await keyEnv({ ASSETS: assets });
    const refused: [Record<string, string>, string][] = [
      [{ 'x-api-key': keys.starter }, ', error="insufficient_scope"'],
      [{ 'x-api-key': keys.revoked }, ', error="invalid_token"'],
      [{}, ''],
    ];
    for (const [headers, error] of refused) {
      const response = await fullCorpus(request('/api/corpus.full.jsonl', headers), env, data);
      expect(response.status).toBe(402);
      expect(response.headers.get('www-authenticate')).toMatch(
        new RegExp(`^Bearer realm="https://site\\.example"${error}(, error_description="[^"]+")?$`),
      );
      expect(await response.json()).toMatchObject({ error: 'payment_required', resource: '/api/corpus.full.jsonl' });
    }
  });

  it.each(['corpus', 'redistribution'] as const)(
    'swaps in the meta line and premium records for a %s key',
    async (tier) => {
      const env = await keyEnv({ ASSETS: assets });
      const response = await fullCorpus(request('/api/corpus.full.jsonl', { 'x-api-key': keys[tier] }), env, data);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/x-ndjson');
      expect((await response.text()).split('\n')).toEqual([
        '{"type":"meta","full":true}',
        '{"type":"resource","slug":"free-one","text":"free text"}',
        '{"type":"resource","slug":"paid-guide","text":"FULL"}',
        '',
      ]);
    },
  );

  it('answers 503 to a valid key when there are no static assets to compose from', async () => {
    const response = await fullCorpus(
      request('/api/corpus.full.jsonl', { 'x-api-key': keys.corpus }),
      await keyEnv(),
      data,
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: 'assets_unavailable' });
  });
});
