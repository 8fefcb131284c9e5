import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayRails, meteredCorpusInWords, railsInWords, transferMethods } from '../src/shared/x402-methods.js';
import { buildFixture } from './helpers/build-fixture.js';
import { copyFixture } from './helpers/fixtures.js';
import { toolCallRequest } from './helpers/mcp-call.js';

// Every document that describes the x402 gateway names the transfer methods site.yaml offers, and
// the metered corpus when it is sold, in the same words: the payment manifest, the pricing catalog,
// the OpenAPI description, llms.txt and the get_access_info tool (only while the gateway is configured).

type Worker = { fetch(request: Request, env?: Record<string, unknown>): Promise<Response> };

/** The public folder and the worker of the minimal fixture with `x402` appended to its site.yaml. */
async function built(x402?: string) {
  const content = copyFixture('minimal');
  if (x402) fs.appendFileSync(path.join(content, 'site.yaml'), `x402:\n${x402}\n`);
  const { outDir } = await buildFixture(content);
  const worker = (await import(`${pathToFileURL(path.join(outDir, 'worker/worker.js')).href}?${Math.random()}`))
    .default as Worker;
  const read = (file: string) => fs.readFileSync(path.join(outDir, 'public', file), 'utf8');
  // The static files the worker reads through its ASSETS binding.
  const assets = {
    fetch: async (input: Request | string) =>
      new Response(read(new URL(input instanceof Request ? input.url : input).pathname.slice(1))),
  };
  return { worker, assets, read, json: (file: string) => JSON.parse(read(file)) };
}

const configured = {
  X402_FACILITATOR_URL: 'http://127.0.0.1:9',
  X402_PAY_TO: '0x1111111111111111111111111111111111111111',
};

async function accessInfo(site: Awaited<ReturnType<typeof built>>, env: Record<string, unknown>) {
  const response = await site.worker.fetch(
    new Request('https://fixture.example/mcp', toolCallRequest('get_access_info', {})),
    { ...env, ASSETS: site.assets },
  );
  return ((await response.json()) as { result: { structuredContent: Record<string, unknown> } }).result
    .structuredContent;
}

let both: Awaited<ReturnType<typeof built>>;
let byDefault: Awaited<ReturnType<typeof built>>;
let permit2Only: Awaited<ReturnType<typeof built>>;
beforeAll(async () => {
  both = await built('  transfer_methods: [eip3009, permit2]\n  metered_corpus: true');
  byDefault = await built();
  permit2Only = await built('  transfer_methods: [permit2]\n  reaccess_days: 0');
});

/** The paywall page a browser gets for a premium resource while the gateway is configured. */
async function paywallPage(site: Awaited<ReturnType<typeof built>>) {
  const response = await site.worker.fetch(
    new Request('https://fixture.example/resources/json-api', { headers: { Accept: 'text/html' } }),
    { ...configured, ASSETS: site.assets },
  );
  expect(response.status).toBe(402);
  return response.text();
}

describe('the x402 transfer methods in discovery', () => {
  it('lists each offered method with what it is in the payment manifest, in the order offered', () => {
    const x402 = both.json('api/payment.json').methods.find((method: { type: string }) => method.type === 'x402');
    expect(x402.transfer_methods).toEqual([
      { method: 'eip3009', description: transferMethods.eip3009 },
      { method: 'permit2', description: transferMethods.permit2 },
    ]);
    const byDefaultX402 = byDefault.json('api/payment.json').methods[1];
    expect(byDefaultX402.transfer_methods).toEqual([{ method: 'eip3009', description: transferMethods.eip3009 }]);
  });

  it('names them in the pricing catalog, the OpenAPI description of /api/x402/{slug} and llms.txt', () => {
    const perFetch = both.json('api/pricing.json').tiers[0];
    const payPerFetch = both.json('openapi.json').paths['/api/x402/{slug}'].get.description as string;
    const llms = both.read('llms.txt');
    for (const text of [perFetch.deliverables.join('\n'), payPerFetch, llms])
      for (const method of ['eip3009', 'permit2'] as const) {
        expect(text).toContain(`\`${method}\` (${transferMethods[method]})`);
      }
    expect(byDefault.read('llms.txt')).toContain(`\`eip3009\` (${transferMethods.eip3009})`);
    expect(byDefault.read('llms.txt')).not.toContain('permit2');
  });

  it('has get_access_info name the methods while the gateway is configured, and not otherwise', async () => {
    expect(await accessInfo(both, configured)).toMatchObject({ x402_transfer_methods: ['eip3009', 'permit2'] });
    expect(await accessInfo(byDefault, configured)).toMatchObject({ x402_transfer_methods: ['eip3009'] });
    expect(await accessInfo(both, {})).not.toHaveProperty('x402_transfer_methods');
  });

  it('describes the metered corpus where site.yaml sells it, and only there', async () => {
    const sentence = meteredCorpusInWords('0.05');
    expect(both.json('api/payment.json').methods[1].metered).toEqual({
      scheme: 'upto',
      tool: 'get_full_corpus',
      price_usd_per_premium_record: '0.05',
      description: sentence,
    });
    expect(both.json('api/pricing.json').tiers[0].deliverables).toContain(`Metered: ${sentence}`);
    expect(both.read('llms.txt')).toContain(sentence);
    expect(await accessInfo(both, configured)).toMatchObject({ x402_metered: 'get_full_corpus' });
    expect(byDefault.json('api/payment.json').methods[1]).not.toHaveProperty('metered');
    expect(byDefault.read('llms.txt')).not.toContain('upto');
    expect(await accessInfo(byDefault, configured)).not.toHaveProperty('x402_metered');
  });
});

describe('the Machine Payments Protocol charge and Sign-In-With-X re-access in discovery', () => {
  const sentences = railsInWords({ mpp: true, reaccessDays: 30 });

  it('describes both in the payment manifest while site.yaml offers them, and neither otherwise', () => {
    const x402 = byDefault.json('api/payment.json').methods[1];
    expect(x402.mpp).toEqual({
      method: 'evm',
      intent: 'charge',
      challenge_header: 'WWW-Authenticate',
      credential_header: 'Authorization',
      receipt_header: 'Payment-Receipt',
      description: gatewayRails.mpp,
    });
    expect(x402.reaccess).toEqual({
      extension: 'sign-in-with-x',
      header: 'sign-in-with-x',
      days: 30,
      description: gatewayRails.siwx,
    });
    const none = permit2Only.json('api/payment.json').methods[1];
    expect(none).not.toHaveProperty('mpp');
    expect(none).not.toHaveProperty('reaccess');
  });

  it('lists the rails of the per-fetch tier in the pricing catalog, with a sentence each', () => {
    const perFetch = byDefault.json('api/pricing.json').tiers[0];
    expect(perFetch.rails).toEqual(['x402', 'mpp', 'siwx']);
    for (const sentence of sentences) expect(perFetch.deliverables.join('\n')).toContain(sentence);
    const none = permit2Only.json('api/pricing.json').tiers[0];
    expect(none.rails).toEqual(['x402']);
    expect(none.deliverables.join('\n')).not.toMatch(/Machine Payments|Sign-In-With-X/);
  });

  it('names both in llms.txt beside the transfer methods, and neither when not offered', () => {
    for (const sentence of sentences) expect(byDefault.read('llms.txt')).toContain(sentence);
    expect(permit2Only.read('llms.txt')).not.toMatch(/Machine Payments|Sign-In-With-X/);
  });

  it('describes their headers in the OpenAPI description of /api/x402/{slug}', () => {
    const document = byDefault.json('openapi.json');
    const payPerFetch = document.paths['/api/x402/{slug}'].get;
    for (const sentence of sentences) expect(payPerFetch.description).toContain(sentence);
    expect(document.components.securitySchemes.mppPayment).toMatchObject({ type: 'http', scheme: 'Payment' });
    expect(payPerFetch.security).toContainEqual({ mppPayment: [] });
    expect(payPerFetch.security).toContainEqual({});
    expect(payPerFetch.parameters).toContainEqual(
      expect.objectContaining({ name: 'sign-in-with-x', in: 'header', required: false }),
    );
    expect(payPerFetch.responses['402'].headers['WWW-Authenticate'].description).toContain('Payment');
    expect(payPerFetch.responses['200'].headers['Payment-Receipt'].description).toContain('charge');

    const none = permit2Only.json('openapi.json');
    const plain = none.paths['/api/x402/{slug}'].get;
    expect(plain.description).not.toMatch(/Machine Payments|Sign-In-With-X/);
    expect(none.components.securitySchemes).not.toHaveProperty('mppPayment');
    expect(plain.security).toEqual([]);
    expect(plain.parameters.map((parameter: { name: string }) => parameter.name)).not.toContain('sign-in-with-x');
    expect(plain.responses['402'].headers).not.toHaveProperty('WWW-Authenticate');
    expect(plain.responses['200'].headers).not.toHaveProperty('Payment-Receipt');
  });

  it('has get_access_info name the rails the configured gateway takes, re-access only with the ledger', async () => {
    const ledger = { ...configured, AGENTDIR_DB: {} };
    expect(await accessInfo(byDefault, ledger)).toMatchObject({ x402_rails: ['x402', 'mpp', 'siwx'] });
    expect(await accessInfo(byDefault, configured)).toMatchObject({ x402_rails: ['x402', 'mpp'] });
    expect(await accessInfo(permit2Only, ledger)).toMatchObject({ x402_rails: ['x402'] });
    expect(await accessInfo(byDefault, {})).not.toHaveProperty('x402_rails');
  });

  it('names the rails on the paywall page a browser sees', async () => {
    const page = await paywallPage(byDefault);
    expect(page).toContain('Machine Payments Protocol');
    expect(page).toContain('Sign-In-With-X');
    expect(page).toContain('30 days');
    expect(await paywallPage(permit2Only)).not.toMatch(/Machine Payments|Sign-In-With-X/);
  });
});
