import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkerData } from '../../src/shared/worker-data.js';
import type { WorkerEnv } from '../../src/worker/env.js';
import { SiteAssets } from '../../src/worker/site-assets.js';
import { x402Gateway } from '../../src/worker/routes/x402.js';
import { slugDiscovery } from '../helpers/x402-offer.js';

const payTo = `0x${'1'.repeat(40)}`;
const data = {
  site: { name: 'Agent Site', url: 'https://site.example' },
  negotiation: false,
  x402: { network: 'base-sepolia', maxTimeoutSeconds: 60, transferMethods: ['eip3009'] },
  payment: { price_usd: '0.05' },
  // Without a prototype, as createWorker hands it over: slugs named like built-ins find nothing.
  premium: Object.assign(Object.create(null), {
    'paid-guide': {
      preview: { title: 'Paid guide', description: '', sections: [] },
      markdown: '# The paid body',
      discovery: slugDiscovery,
    },
  }),
} as unknown as WorkerData;

const assets: WorkerEnv['ASSETS'] = {
  async fetch(input) {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== '/api/resources.json') return new Response('missing', { status: 404 });
    return Response.json({
      resources: [{ slug: 'free-one', premium: false, markdown: 'https://site.example/resources/free-one.md' }],
    });
  },
};
const configured: WorkerEnv = {
  ASSETS: assets,
  X402_FACILITATOR_URL: 'https://facilitator.example',
  X402_PAY_TO: payTo,
};

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const payload = (extra: Record<string, unknown> = {}) =>
  base64(
    JSON.stringify({ x402Version: 1, scheme: 'exact', network: 'base-sepolia', payload: { sig: '0x' }, ...extra }),
  );

async function pay(slug: string, env: WorkerEnv, header?: string, method = 'GET') {
  const url = `https://site.example/api/x402/${slug}`;
  const request = new Request(url, { method, headers: header ? { 'X-PAYMENT': header } : {} });
  const response = await x402Gateway(request, env, data, new SiteAssets(env.ASSETS, url), slug);
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').startsWith('application/json');
  return { status: response.status, headers: response.headers, body: json && text ? JSON.parse(text) : null, text };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('x402 gateway before any payment', () => {
  it('answers 404 for an unknown slug, built-in names included, and 400 for a free one', async () => {
    for (const slug of ['nope', 'constructor', '__proto__', 'toString'])
      expect((await pay(slug, configured)).body, slug).toMatchObject({ error: 'not_found' });
    const free = await pay('free-one', configured);
    expect([free.status, free.body.error]).toEqual([400, 'free_resource']);
  });

  it('is dormant (503) without a facilitator and a wallet', async () => {
    const response = await pay('paid-guide', { ASSETS: assets });
    expect([response.status, response.body.error]).toEqual([503, 'x402_not_configured']);
  });

  // A network named like an Object built-in is not a network: dormant, never a 500.
  it('is dormant (503) for X402_NETWORK=constructor, not a 500', async () => {
    const env = { ...configured, X402_NETWORK: 'constructor', X402_ASSET: `0x${'2'.repeat(40)}` };
    const response = await pay('paid-guide', env);
    expect([response.status, response.body.error]).toEqual([503, 'x402_not_configured']);
  });

  it('answers 402 with the payment requirements when X-PAYMENT is missing', async () => {
    const response = await pay('paid-guide', configured);
    expect(response.status).toBe(402);
    expect(response.body).toMatchObject({ x402Version: 1, error: 'X-PAYMENT header is required' });
    expect(response.body.accepts).toHaveLength(1);
    expect(response.body.accepts[0]).toMatchObject({
      scheme: 'exact',
      network: 'base-sepolia',
      maxAmountRequired: '50000',
      resource: 'https://site.example/api/x402/paid-guide',
      payTo,
    });
  });

  it('never settles on HEAD', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const response = await pay('paid-guide', configured, payload(), 'HEAD');
    expect(response.status).toBe(402);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each([
    ['not base64', '%%%not-base64%%%'],
    ['base64 of text that is not JSON', base64('hello')],
    ['base64 of bytes that are not UTF-8', Buffer.from([0xff, 0xfe, 0x7b]).toString('base64')],
    ['a JSON array', base64('[1]')],
    ['JSON null', base64('null')],
    ['another x402 version', payload({ x402Version: 2 })],
    ['another scheme', payload({ scheme: 'upto' })],
    ['no payload object', payload({ payload: null })],
    ['a payload that is a string', payload({ payload: 'sig' })],
  ])('refuses an X-PAYMENT that is %s, without calling the facilitator', async (_, header) => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const response = await pay('paid-guide', configured, header);
    expect(response.status).toBe(402);
    expect(response.body.error).toMatch(/^invalid_(payment|x402_version)\b/);
    expect(response.body.accepts).toHaveLength(1);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses a payment on another network before calling the facilitator', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const response = await pay('paid-guide', configured, payload({ network: 'base' }));
    expect(response.body.error).toMatch(/^invalid_network\b/);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

/** A facilitator answering /verify and /settle from the given bodies, recording the calls. */
function facilitator(verify: unknown, settle: unknown, status = 200) {
  const calls: { url: string; body: any }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) });
    const answer = url.endsWith('/verify') ? verify : settle;
    return new Response(typeof answer === 'string' ? answer : JSON.stringify(answer), { status });
  });
  return calls;
}

describe('x402 gateway with a payment', () => {
  it('verifies, settles, and only then returns the Markdown with the settlement', async () => {
    const settled = { success: true, transaction: '0xabc', network: 'base-sepolia', payer: '0xpayer' };
    const calls = facilitator({ isValid: true }, settled);
    const response = await pay('paid-guide', configured, payload());
    expect(response.status).toBe(200);
    expect(response.text).toBe('# The paid body');
    expect(JSON.parse(Buffer.from(response.headers.get('x-payment-response')!, 'base64').toString())).toEqual(settled);
    expect(calls.map((call) => call.url)).toEqual([
      'https://facilitator.example/verify',
      'https://facilitator.example/settle',
    ]);
    expect(calls[0]!.body).toMatchObject({ x402Version: 1, paymentRequirements: { maxAmountRequired: '50000' } });
  });

  it('passes an invalid verification on as a 402 with the payer, and never settles', async () => {
    const calls = facilitator({ isValid: false, invalidReason: 'insufficient_funds', payer: '0xp' }, {});
    const response = await pay('paid-guide', configured, payload());
    expect(response.status).toBe(402);
    expect(response.body).toMatchObject({ error: 'insufficient_funds', payer: '0xp' });
    expect(calls).toHaveLength(1);
  });

  it('withholds the body when settlement fails', async () => {
    facilitator({ isValid: true }, { success: false });
    const response = await pay('paid-guide', configured, payload());
    expect(response.status).toBe(402);
    expect(response.body.error).toBe('settlement_failed');
    expect(response.text).not.toContain('paid body');
  });

  it.each([
    ['a body that is not JSON', 'oops', 200],
    ['an answer without isValid', { valid: true }, 200],
    ['an isValid that is a string', { isValid: 'true' }, 200],
    ['a JSON array', [{ isValid: true }], 200],
    ['an invalidReason that is not a string', { isValid: false, invalidReason: { code: 1 } }, 200],
    ['a 400 that says the payment is valid', { isValid: true }, 400],
    ['a server error', { isValid: true }, 500],
    ['a redirect, whatever its body', { isValid: true }, 307],
    ['an answer over 64 KiB', JSON.stringify({ isValid: true, padding: 'x'.repeat(70_000) }), 200],
  ])('answers 502 when the facilitator gives %s', async (_, answer, status) => {
    facilitator(answer, { success: true }, status);
    const response = await pay('paid-guide', configured, payload());
    expect([response.status, response.body.error]).toEqual([502, 'facilitator_error']);
    expect(response.text).not.toContain('paid body');
  });

  it('withholds the body when the settle answer is malformed, though verification passed', async () => {
    facilitator({ isValid: true }, { success: 'yes', transaction: '0xabc' });
    const response = await pay('paid-guide', configured, payload());
    expect([response.status, response.body.error]).toEqual([502, 'facilitator_error']);
    expect(response.text).not.toContain('paid body');
  });

  it('asks fetch not to follow redirects, and takes null for an absent field', async () => {
    const inits: RequestInit[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      inits.push(init);
      return Response.json(
        url.endsWith('/verify')
          ? { isValid: true, invalidReason: null, payer: '0xp' }
          : { success: true, errorReason: null, transaction: '0xabc', network: 'base-sepolia', payer: '0xp' },
      );
    });
    const response = await pay('paid-guide', configured, payload());
    expect(response.status).toBe(200);
    expect(inits.map((init) => init.redirect)).toEqual(['manual', 'manual']);
  });

  it('answers 502 when the facilitator cannot be reached', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    const response = await pay('paid-guide', configured, payload());
    expect([response.status, response.body.error]).toEqual([502, 'facilitator_error']);
  });
});

describe('x402 gateway with a version 2 payment', () => {
  const offered = {
    scheme: 'exact',
    network: 'eip155:84532',
    amount: '50000',
    asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
    payTo,
    maxTimeoutSeconds: 60,
    extra: { name: 'USDC', version: '2' },
  };
  const signature = (accepted: Record<string, unknown> = offered) =>
    base64(JSON.stringify({ x402Version: 2, accepted, payload: { signature: '0x' } }));

  async function payV2(header: string) {
    const url = 'https://site.example/api/x402/paid-guide';
    const request = new Request(url, { headers: { 'PAYMENT-SIGNATURE': header } });
    const response = await x402Gateway(request, configured, data, new SiteAssets(assets, url), 'paid-guide');
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  it("sends the facilitator version 2 shapes and the gateway's own requirements, and answers PAYMENT-RESPONSE", async () => {
    const settled = { success: true, transaction: '0xabc', network: 'eip155:84532', payer: '0xpayer' };
    // The payer echoes addresses in another letter case: still the same offer.
    const calls = facilitator({ isValid: true }, settled);
    const response = await payV2(signature({ ...offered, payTo: payTo.toUpperCase().replace('0X', '0x') }));
    expect(response.status).toBe(200);
    expect(response.text).toBe('# The paid body');
    expect(JSON.parse(Buffer.from(response.headers.get('payment-response')!, 'base64').toString())).toEqual(settled);
    expect(response.headers.get('x-payment-response')).toBeNull();
    expect(calls.map((call) => [call.body.x402Version, call.body.paymentRequirements])).toEqual([
      [2, offered],
      [2, offered],
    ]);
  });

  it.each([
    ['amount', { amount: '1' }],
    ['payTo', { payTo: `0x${'2'.repeat(40)}` }],
    ['asset', { asset: `0x${'3'.repeat(40)}` }],
    ['maxTimeoutSeconds', { maxTimeoutSeconds: 99999 }],
    ['extra.name', { extra: { name: 'Fake', version: '2' } }],
    ['scheme', { scheme: 'upto' }],
  ])('refuses a payment that accepted another %s, without calling the facilitator', async (field, change) => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const response = await payV2(signature({ ...offered, ...change }));
    expect(response.status).toBe(402);
    const required = JSON.parse(Buffer.from(response.headers.get('payment-required')!, 'base64').toString());
    expect(required.error).toContain(`invalid_payment_requirements: accepted.${field} is`);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('x402 gateway offering EIP-3009 and Permit2', () => {
  const both = { ...data, x402: { ...data.x402, transferMethods: ['eip3009', 'permit2'] } } as WorkerData;
  const eip3009 = {
    scheme: 'exact',
    network: 'eip155:84532',
    amount: '50000',
    asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
    payTo,
    maxTimeoutSeconds: 60,
    extra: { name: 'USDC', version: '2' },
  };
  const permit2 = { ...eip3009, extra: { ...eip3009.extra, assetTransferMethod: 'permit2' } };
  const permit2Payload = { signature: '0x', permit2Authorization: { from: '0xp' } };

  async function payWith(headers: Record<string, string>, offering = both) {
    const url = 'https://site.example/api/x402/paid-guide';
    const request = new Request(url, { headers });
    const response = await x402Gateway(request, configured, offering, new SiteAssets(assets, url), 'paid-guide');
    return { status: response.status, headers: response.headers, text: await response.text() };
  }
  const v2 = (accepted: Record<string, unknown>, payload: Record<string, unknown>) => ({
    'PAYMENT-SIGNATURE': base64(JSON.stringify({ x402Version: 2, accepted, payload })),
  });
  const errorOf = (response: { headers: Headers }) =>
    JSON.parse(Buffer.from(response.headers.get('payment-required')!, 'base64').toString()).error as string;

  it('lists one offer per method in both versions, EIP-3009 first', async () => {
    const response = await payWith({});
    expect(response.status).toBe(402);
    expect(JSON.parse(response.text).accepts.map((offer: any) => offer.extra)).toEqual([eip3009.extra, permit2.extra]);
    expect(JSON.parse(Buffer.from(response.headers.get('payment-required')!, 'base64').toString()).accepts).toEqual([
      eip3009,
      permit2,
    ]);
  });

  it('sends a Permit2 payment to the facilitator with the Permit2 offer, in either version', async () => {
    const settled = { success: true, transaction: '0xabc', network: 'eip155:84532', payer: '0xp' };
    const calls = facilitator({ isValid: true }, settled);
    expect((await payWith(v2(permit2, permit2Payload))).status).toBe(200);
    const v1 = { x402Version: 1, scheme: 'exact', network: 'base-sepolia', payload: permit2Payload };
    expect((await payWith({ 'X-PAYMENT': base64(JSON.stringify(v1)) })).status).toBe(200);
    expect(calls.map((call) => call.body.paymentRequirements.extra)).toEqual(Array(4).fill(permit2.extra));
    expect(calls[0]!.body.paymentPayload.payload).toEqual(permit2Payload);
  });

  it('refuses, without calling the facilitator, a Permit2 payment echoing the EIP-3009 offer and the reverse', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const asEip3009 = await payWith(v2(eip3009, permit2Payload));
    expect([asEip3009.status, errorOf(asEip3009)]).toEqual([
      402,
      expect.stringContaining('accepted.extra.assetTransferMethod is null; this gateway offers "permit2"'),
    ]);
    const asPermit2 = await payWith(v2(permit2, { signature: '0x', authorization: {} }));
    expect(errorOf(asPermit2)).toContain('accepted.extra.assetTransferMethod is "permit2"; this gateway offers null');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses a Permit2 payment where only EIP-3009 is offered, without calling the facilitator', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const response = await payWith(v2(permit2, permit2Payload), data);
    expect(errorOf(response)).toBe(
      'unsupported_transfer_method: this payment moves the asset with permit2; this gateway offers eip3009',
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
