import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import { PaymentRequiredV2Schema } from '@x402/core/schemas';
import type { PaymentRequired } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { decodePaymentResponseHeader, wrapFetchWithPayment as wrapFetchWithPaymentV2, x402Client } from '@x402/fetch';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { createPaymentHeader } from 'x402/client';
import { PaymentRequirementsSchema } from 'x402/types';
import { decodeXPaymentResponse, wrapFetchWithPayment } from 'x402-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOfferInVersion2 } from './helpers/x402-offer.js';
import { startFacilitator } from './helpers/facilitator.js';
import { runtimePair, type RuntimePair } from './helpers/runtime-pair.js';
import type { Runtime } from './helpers/runtimes.js';
import { siteUnderTest } from './helpers/site-under-test.js';

const payTo = '0x1111111111111111111111111111111111111111';
const buyer = privateKeyToAccount(generatePrivateKey());
const secretSentence = 'The secret premium sentence';

let facilitator: Awaited<ReturnType<typeof startFacilitator>>;
let configured: RuntimePair;
let dormant: RuntimePair;

beforeAll(async () => {
  const site = await siteUnderTest();
  facilitator = await startFacilitator();
  const env = { X402_FACILITATOR_URL: facilitator.url, X402_PAY_TO: payTo, X402_NETWORK: 'base-sepolia' };
  configured = await runtimePair(site, { env, workerdKeys: false });
  dormant = await runtimePair(site, { workerdKeys: false });
});
afterAll(async () => {
  await Promise.all([configured?.close(), dormant?.close()]);
  await facilitator?.close();
});

async function requirementsOf(runtime: Runtime, slug = 'data-formats') {
  const response = await runtime.request(`/api/x402/${slug}`);
  expect(response.status).toBe(402);
  return JSON.parse(response.body) as { x402Version: number; accepts: Record<string, any>[]; error: string };
}

describe.each(['serve', 'workerd'] as const)('x402 gateway on %s', (name) => {
  const runtime = () => configured[name];

  it('answers in order: unknown slug 404, free slug 400, dormant gateway 503', async () => {
    const unknown = await runtime().request('/api/x402/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body).error).toBe('not_found');
    const free = await runtime().request('/api/x402/wire-formats');
    expect(free.status).toBe(400);
    expect(JSON.parse(free.body)).toMatchObject({ error: 'free_resource' });
    expect(JSON.parse(free.body).message).toContain('`wire-formats` is a free resource');
    const asleep = await dormant[name].request('/api/x402/data-formats');
    expect(asleep.status).toBe(503);
    expect(JSON.parse(asleep.body).error).toBe('x402_not_configured');
    const asleepFree = await dormant[name].request('/api/x402/wire-formats');
    expect(asleepFree.status).toBe(400);
  });

  it('answers 402 with one exact PaymentRequirements the x402 package accepts', async () => {
    const body = await requirementsOf(runtime());
    expect(body.x402Version).toBe(1);
    expect(body.error).toContain('X-PAYMENT');
    expect(body.accepts).toHaveLength(1);
    const [requirements] = body.accepts;
    expect(PaymentRequirementsSchema.safeParse(requirements).success).toBe(true);
    expect(requirements).toMatchObject({
      scheme: 'exact',
      network: 'base-sepolia',
      maxAmountRequired: '50000',
      resource: 'https://fixture.example/api/x402/data-formats',
      mimeType: 'text/markdown',
      payTo,
      asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
      extra: { name: 'USDC', version: '2' },
    });
    expect(requirements!.outputSchema).toEqual({ input: { type: 'http', method: 'GET', discoverable: true } });
    expect(requirements!.maxTimeoutSeconds).toBeGreaterThan(0);
  });

  it('serves the Markdown after the official x402 client pays, with the settlement in X-PAYMENT-RESPONSE', async () => {
    const before = facilitator.settled;
    const pay = wrapFetchWithPayment(fetch, buyer as never);
    const response = await pay(`${runtime().url}api/x402/data-formats`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await response.text()).toContain(secretSentence);
    const receipt = decodeXPaymentResponse(response.headers.get('x-payment-response')!);
    expect(receipt).toMatchObject({ success: true, network: 'base-sepolia', payer: buyer.address });
    expect(facilitator.settled).toBe(before + 1);
  });

  it('refuses a tampered signature, a wrong payee, an underpayment, an expired authorization, a replayed nonce and garbage', async () => {
    const [requirements] = (await requirementsOf(runtime())).accepts;
    const sign = (override: Record<string, unknown> = {}) =>
      createPaymentHeader(buyer as never, 1, { ...requirements, ...override } as never);
    const decode = (header: string) => JSON.parse(Buffer.from(header, 'base64').toString());
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

    const good = await sign();
    const tampered = decode(good);
    tampered.payload.signature = tampered.payload.signature.replace(
      /.{6}$/,
      tampered.payload.signature.endsWith('aaaaaa') ? 'bbbbbb' : 'aaaaaa',
    );
    const replayed = await sign();
    const first = await runtime().request('/api/x402/data-formats', { headers: { 'X-PAYMENT': replayed } });
    expect(first.status).toBe(200);

    const refusals: [string, string][] = [
      ['tampered signature', encode(tampered)],
      ['wrong payee', await sign({ payTo: '0x2222222222222222222222222222222222222222' })],
      ['underpaid', await sign({ maxAmountRequired: '49999' })],
      ['expired', await sign({ maxTimeoutSeconds: -700 })],
      ['replayed nonce', replayed],
      ['garbage', 'not-base64-at-all!!'],
      ['base64 of nonsense', encode({ hello: 'world' })],
    ];
    for (const [label, header] of refusals) {
      const response = await runtime().request('/api/x402/data-formats', { headers: { 'X-PAYMENT': header } });
      expect(response.status, label).toBe(402);
      expect(response.body, label).not.toContain(secretSentence);
      const body = JSON.parse(response.body);
      expect(body.error.length, label).toBeGreaterThan(3);
      expect(body.accepts, label).toHaveLength(1);
    }
  });

  it('answers 502 JSON when the facilitator is down or answers garbage, and never serves the body', async () => {
    const header = await createPaymentHeader(buyer as never, 1, (await requirementsOf(runtime())).accepts[0] as never);
    for (const mode of ['down', 'garbage'] as const) {
      facilitator.mode = mode;
      try {
        const response = await runtime().request('/api/x402/data-formats', { headers: { 'X-PAYMENT': header } });
        expect(response.status, mode).toBe(502);
        expect(JSON.parse(response.body).error).toBe('facilitator_error');
        expect(response.body).not.toContain(secretSentence);
      } finally {
        facilitator.mode = 'normal';
      }
    }
  });
});

/** The official version 2 client, able to sign for any EVM network (so a wrong network can be tried). */
const v2Client = () => new x402Client().register('eip155:*', new ExactEvmScheme(buyer));

async function paymentRequiredV2(runtime: Runtime, slug = 'data-formats'): Promise<PaymentRequired> {
  const response = await runtime.request(`/api/x402/${slug}`);
  expect(response.status).toBe(402);
  return decodePaymentRequiredHeader(response.headers.get('payment-required')!);
}

describe.each(['serve', 'workerd'] as const)('x402 version 2 on %s', (name) => {
  const runtime = () => configured[name];

  it('carries the version 2 requirements in PAYMENT-REQUIRED beside the unchanged version 1 body', async () => {
    const response = await runtime().request('/api/x402/data-formats');
    expect(response.status).toBe(402);
    const header = response.headers.get('payment-required')!;
    expect(header).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    const required = decodePaymentRequiredHeader(header);
    expect(PaymentRequiredV2Schema.safeParse(required).success).toBe(true);
    const v1 = JSON.parse(response.body).accepts;
    const { extensions, ...offer } = required;
    expect(offer).toEqual(
      sameOfferInVersion2(v1, 'eip155:84532', 'PAYMENT-SIGNATURE header is required', {
        serviceName: 'Fixture Directory',
        tags: ['data', 'formats', 'api'],
      }),
    );
    expect(extensions).toHaveProperty('bazaar');
    expect(JSON.parse(response.body).error).toBe('X-PAYMENT header is required');
    expect(response.headers.get('access-control-expose-headers')).toContain('PAYMENT-REQUIRED');
  });

  it('serves the Markdown after the official version 2 client pays, with the receipt in PAYMENT-RESPONSE', async () => {
    const before = facilitator.settled;
    const pay = wrapFetchWithPaymentV2(fetch, v2Client());
    const response = await pay(`${runtime().url}api/x402/data-formats`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await response.text()).toContain(secretSentence);
    expect(response.headers.get('x-payment-response')).toBeNull();
    const receipt = decodePaymentResponseHeader(response.headers.get('payment-response')!);
    expect(receipt).toMatchObject({ success: true, network: 'eip155:84532', payer: buyer.address, amount: '50000' });
    expect(facilitator.settled).toBe(before + 1);
  });

  it('refuses tampered, underpaid, expired, replayed, wrong-network and wrong-version payments', async () => {
    const required = await paymentRequiredV2(runtime());
    const offered = required.accepts[0]!;
    const client = v2Client();
    const sign = (override: Record<string, unknown> = {}) =>
      client.createPaymentPayload({ ...required, accepts: [{ ...offered, ...override }] } as PaymentRequired);
    const header = (payload: unknown) => ({ 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(payload as never) });

    const tampered = await sign();
    tampered.payload.signature = String(tampered.payload.signature).replace(
      /.{6}$/,
      String(tampered.payload.signature).endsWith('aaaaaa') ? 'bbbbbb' : 'aaaaaa',
    );
    // Signed for less or for an expired window, but echoing the offer: only the facilitator can tell.
    const underpaidQuietly = { ...(await sign({ amount: '49999' })), accepted: offered };
    const expired = { ...(await sign({ maxTimeoutSeconds: -700 })), accepted: offered };
    const replayed = await sign();
    const first = await runtime().request('/api/x402/data-formats', { headers: header(replayed) });
    expect(first.status).toBe(200);
    const v1Payment = await createPaymentHeader(
      buyer as never,
      1,
      JSON.parse((await runtime().request('/api/x402/data-formats')).body).accepts[0],
    );

    const refusals: [string, Record<string, string>, RegExp][] = [
      ['tampered signature', header(tampered), /signature/],
      ['wrong payee', header(await sign({ payTo: '0x2222222222222222222222222222222222222222' })), /accepted\.payTo/],
      ['underpaid, saying so', header(await sign({ amount: '49999' })), /accepted\.amount/],
      ['underpaid, echoing the offer', header(underpaidQuietly), /value/],
      ['expired', header(expired), /valid_before/],
      ['replayed nonce', header(replayed), /duplicate/],
      [
        'wrong network',
        header(await sign({ network: 'eip155:8453', asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' })),
        /invalid_network/,
      ],
      ['version 1 payment in PAYMENT-SIGNATURE', { 'PAYMENT-SIGNATURE': v1Payment }, /invalid_x402_version/],
      [
        'version 2 payment in X-PAYMENT',
        { 'X-PAYMENT': header(await sign())['PAYMENT-SIGNATURE'] },
        /invalid_x402_version/,
      ],
    ];
    for (const [label, headers, reason] of refusals) {
      const response = await runtime().request('/api/x402/data-formats', { headers });
      expect(response.status, label).toBe(402);
      expect(response.body, label).not.toContain(secretSentence);
      const refused = decodePaymentRequiredHeader(response.headers.get('payment-required')!);
      expect(refused.error, label).toMatch(reason);
      expect(JSON.parse(response.body).error, label).toBe(refused.error);
    }
  });

  it('lets a browser-based agent on another origin read the 402 and send either payment header', async () => {
    const preflight = await runtime().request('/api/x402/data-formats', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://agent.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'payment-signature',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/\bPAYMENT-SIGNATURE\b/);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/\bX-PAYMENT\b/);
    // The Machine Payments Protocol's credential (test/mpp.payments.test.ts).
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/\bAuthorization\b/);
    const required = await runtime().request('/api/x402/data-formats', {
      headers: { Origin: 'https://agent.example' },
    });
    expect(required.headers.get('access-control-allow-origin')).toBe('*');
    expect(required.headers.get('access-control-expose-headers')).toBe('PAYMENT-REQUIRED, WWW-Authenticate');
    const post = await runtime().request('/api/x402/data-formats', { method: 'POST' });
    expect([post.status, JSON.parse(post.body).error]).toEqual([405, 'method_not_allowed']);
    const head = await runtime().request('/api/x402/data-formats', { method: 'HEAD' });
    expect([head.status, head.body]).toEqual([402, '']);
  });

  it('answers 502 when the facilitator is down, and never serves the body', async () => {
    const payload = await v2Client().createPaymentPayload(await paymentRequiredV2(runtime()));
    facilitator.mode = 'down';
    try {
      const response = await runtime().request('/api/x402/data-formats', {
        headers: { 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(payload) },
      });
      expect(response.status).toBe(502);
      expect(JSON.parse(response.body).error).toBe('facilitator_error');
      expect(response.body).not.toContain(secretSentence);
    } finally {
      facilitator.mode = 'normal';
    }
  });

  it.each([
    ['malformed base64', { 'PAYMENT-SIGNATURE': 'eyJ@@@' }, 402, /invalid_payment: .*not base64/],
    ['JSON that is not an object', { 'PAYMENT-SIGNATURE': btoa('[1,2,3]') }, 402, /not an object/],
    ['base64 of text that is not JSON', { 'PAYMENT-SIGNATURE': btoa('hello') }, 402, /not base64 of UTF-8 JSON/],
    [
      'a version 2 object without accepted',
      { 'PAYMENT-SIGNATURE': btoa('{"x402Version":2,"payload":{}}') },
      402,
      /invalid_payment/,
    ],
    ['a header over 8 KB', { 'PAYMENT-SIGNATURE': 'A'.repeat(9000) }, 400, /payment_header_too_large/],
    ['both payment headers at once', { 'PAYMENT-SIGNATURE': 'AAAA', 'X-PAYMENT': 'AAAA' }, 400, /ambiguous_payment/],
  ])('answers %s with a clear 4xx, never a 5xx', async (_label, headers, status, reason) => {
    const response = await runtime().request('/api/x402/data-formats', { headers });
    expect(response.status).toBe(status);
    const body = JSON.parse(response.body);
    expect(`${body.error}: ${body.message ?? ''}`).toMatch(reason);
    expect(response.body).not.toContain(secretSentence);
  });
});
