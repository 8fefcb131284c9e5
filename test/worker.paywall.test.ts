import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteUnderTest } from './helpers/site-under-test.js';
import { runtimePair, type RuntimePair } from './helpers/runtime-pair.js';

const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
let runtimes: RuntimePair;
/** The same two runtimes with the x402 gateway configured: both variables it needs are set. */
let gateways: RuntimePair;
let keys: Awaited<ReturnType<typeof siteUnderTest>>['keys'];

beforeAll(async () => {
  const site = await siteUnderTest();
  keys = site.keys;
  const gatewayEnv = {
    X402_FACILITATOR_URL: 'http://127.0.0.1:9/',
    X402_PAY_TO: '0x0000000000000000000000000000000000000001',
  };
  runtimes = await runtimePair(site);
  gateways = await runtimePair(site, { env: gatewayEnv });
});
afterAll(async () => {
  await Promise.all([runtimes?.close(), gateways?.close()]);
});

describe.each(['serve', 'workerd'] as const)('a premium page opened in a browser on %s', (name) => {
  const runtime = () => runtimes[name];

  it('answers 402 with a page people can read: the preview, the price, how to use a key', async () => {
    const response = await runtime().request('/resources/json-api', { headers: { Accept: browserAccept } });
    expect(response.status).toBe(402);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('vary')).toMatch(/\bAccept\b/);
    expect(response.body).toMatch(/<h1>[^<]+<\/h1>/);
    expect(response.body).toContain('Buy an access key');
    expect(response.body).toContain('Authorization: Bearer &lt;API_KEY&gt;');
    expect(response.body).toContain('<meta name="robots" content="noindex">');
    // No gateway configured: no pay-per-fetch offer that would answer 503.
    expect(response.body).not.toContain('/api/x402/');
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="https://fixture.example"');
  });

  it('tells a browser that sent a revoked key that the key is the problem', async () => {
    const response = await runtime().request('/resources/json-api', {
      headers: { Accept: browserAccept, Authorization: `Bearer ${keys.revoked}` },
    });
    expect(response.status).toBe(402);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('www-authenticate')).toMatch(
      /^Bearer realm="https:\/\/fixture\.example", error="invalid_token", error_description="[^"\\]+"$/,
    );
  });

  it.each([
    ['no Accept', {}],
    ['Accept: application/json', { Accept: 'application/json' }],
    ['Accept: */*', { Accept: '*/*' }],
  ])('with %s keeps the exact JSON body of the 402 (payment-required.schema.json)', async (_label, headers) => {
    const json = await runtime().request('/resources/json-api', { headers });
    expect(json.status).toBe(402);
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(JSON.parse(json.body) as object)).toEqual([
      'error',
      'resource',
      'price_usd',
      'payment_url',
      'how_to_pay',
      'terms',
      'license',
      'pricing_catalog',
      'preview',
    ]);
    expect(json.headers.get('vary')).toMatch(/\bAccept\b/);
    // Byte for byte the body of the JSON variant's 402, which never negotiates.
    const reference = await runtime().request('/api/resources/json-api.json');
    expect([reference.status, json.body]).toEqual([402, reference.body]);
  });

  it('a valid key still opens the page itself', async () => {
    const response = await runtime().request('/resources/json-api', {
      headers: { Accept: browserAccept, Authorization: `Bearer ${keys.starter}` },
    });
    expect(response.status).toBe(200);
    expect(response.body).not.toContain('Read it with an access key');
  });
});

describe.each(['serve', 'workerd'] as const)('pay per fetch in the 402 on %s', (name) => {
  const dormant = () => runtimes[name];
  const configured = () => gateways[name];
  const shapes = [
    '/resources/json-api',
    '/resources/json-api/',
    '/resources/json-api.md',
    '/api/resources/json-api.json',
  ];

  it('is not offered while the gateway is dormant: how_to_pay names only the key', async () => {
    for (const path of shapes) {
      const response = await dormant().request(path);
      expect(response.status, path).toBe(402);
      const body = JSON.parse(response.body) as Record<string, string>;
      expect(body.how_to_pay, path).toContain('Authorization: Bearer <API_KEY>');
      expect(response.body, path).not.toContain('/api/x402/');
      expect(response.headers.get('link') ?? '', path).not.toContain('/api/x402/');
    }
  });

  it('is offered once the gateway is configured, in the same nine fields', async () => {
    for (const path of shapes) {
      const response = await configured().request(path);
      expect(response.status, path).toBe(402);
      const body = JSON.parse(response.body) as Record<string, string>;
      expect(Object.keys(body), path).toEqual([
        'error',
        'resource',
        'price_usd',
        'payment_url',
        'how_to_pay',
        'terms',
        'license',
        'pricing_catalog',
        'preview',
      ]);
      expect(body.how_to_pay, path).toContain('Authorization: Bearer <API_KEY>');
      expect(body.how_to_pay, path).toContain(
        'Or pay per fetch with x402 at https://fixture.example/api/x402/json-api.',
      );
    }
  });

  it('the browser page also offers pay per fetch once the gateway is configured', async () => {
    const response = await configured().request('/resources/json-api', { headers: { Accept: browserAccept } });
    expect(response.status).toBe(402);
    expect(response.body).toContain('/api/x402/json-api');
  });
});
