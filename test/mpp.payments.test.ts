import fs from 'node:fs';
import path from 'node:path';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReadersDatabase } from '../src/serve/readers-database.js';
import { startFacilitator } from './helpers/facilitator.js';
import { repoRoot } from './helpers/fixtures.js';
import { ledgerRows, settled } from './helpers/readers-replay.js';
import { startRecording } from './helpers/recording-runtime.js';
import type { ServeRuntime, WorkerdRuntime } from './helpers/runtime-pair.js';
import { startServe, startWorkerd, type Runtime } from './helpers/runtimes.js';
import { siteUnderTest } from './helpers/site-under-test.js';

// The official Machine Payments Protocol client lives in mpp/ (its own dependencies; CI installs
// them with `npm ci --prefix mpp`).
const mppClient = path.join(repoRoot, 'mpp', 'node_modules', 'mppx');
const installed = fs.existsSync(mppClient);
if (!installed)
  console.warn('Skipping test/mpp.payments.test.ts: run `npm ci --prefix mpp` to install the mppx client.');
type MppHelpers = typeof import('../mpp/pay.mjs');
let mpp: MppHelpers;

const payTo = '0x1111111111111111111111111111111111111111';
const usdcOnBaseSepolia = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
const usdc = { name: 'USDC', version: '2' };
const buyerKey = generatePrivateKey();
const buyer = privateKeyToAccount(buyerKey).address;
const secretSentence = 'The secret premium sentence';

let facilitator: Awaited<ReturnType<typeof startFacilitator>>;
let serve: ServeRuntime;
let workerd: WorkerdRuntime;
const readersFile = process.env.AGENTDIR_READERS_DATABASE!;

beforeAll(async () => {
  if (!installed) return;
  mpp = await import('../mpp/pay.mjs');
  const site = await siteUnderTest();
  facilitator = await startFacilitator();
  const env = { X402_FACILITATOR_URL: facilitator.url, X402_PAY_TO: payTo, X402_NETWORK: 'base-sepolia' };
  serve = await startServe(site.dist, site.keysFile, env);
  workerd = await startWorkerd(site.dist, env, 0, { readersDatabase: 'd1' });
});
afterAll(async () => {
  await Promise.all([serve?.close(), workerd?.close()]);
  await facilitator?.close();
});

/** Pays through mppx, keeping the credential it sent. */
async function pay(runtime: Runtime, slug = 'data-formats') {
  const sent: string[] = [];
  const response = await mpp.fetchPaying(`${runtime.origin}/api/x402/${slug}`, {
    privateKey: buyerKey,
    authorization: usdc,
    fetch: (input: string | URL | Request, init?: RequestInit) => {
      const credential = new Headers(init?.headers).get('Authorization');
      if (credential) sent.push(credential);
      return runtime.fetch(input, init);
    },
  });
  return { response, body: await response.text(), credential: sent.at(-1)! };
}

/** A credential with one part changed, encoded as mppx encodes it. */
function altered(credential: string, change: (wire: Record<string, any>) => void): string {
  const wire = JSON.parse(Buffer.from(credential.slice('Payment '.length), 'base64url').toString('utf8'));
  change(wire);
  return `Payment ${Buffer.from(JSON.stringify(wire)).toString('base64url')}`;
}

async function refusal(runtime: Runtime, authorization: string) {
  const response = await runtime.request('/api/x402/data-formats', { headers: { Authorization: authorization } });
  expect(response.status).toBe(402);
  // Refused, and asked again: a fresh challenge beside the x402 offer.
  expect(response.headers.get('www-authenticate')).toMatch(/^Payment id="/);
  return (JSON.parse(response.body) as { error: string }).error;
}

describe.runIf(installed).each(['serve', 'workerd'] as const)('Machine Payments Protocol on %s', (name) => {
  const runtime = () => (name === 'serve' ? serve : workerd);

  it('offers an evm charge in WWW-Authenticate: Payment beside x402, the version 1 body unchanged', async () => {
    const response = await runtime().fetch(`${runtime().origin}/api/x402/data-formats`);
    expect(response.status).toBe(402);
    expect(response.headers.get('payment-required')).toBeTruthy();
    expect(response.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
    const body = (await response.clone().json()) as { x402Version: number; accepts: unknown[] };
    expect(body.x402Version).toBe(1);
    expect(body.accepts).toHaveLength(1);
    const challenge = mpp.challengeOf(response);
    expect(challenge).toMatchObject({ method: 'evm', intent: 'charge', realm: new URL(runtime().origin).host });
    expect(challenge.request).toEqual({
      amount: '50000',
      currency: usdcOnBaseSepolia,
      methodDetails: { chainId: 84532, credentialTypes: ['authorization'], decimals: 6 },
      recipient: payTo,
    });
    expect(Date.parse(challenge.expires!)).toBeGreaterThan(Date.now());
  });

  it('the official mppx client pays it: the premium body and a Payment-Receipt naming the settlement', async () => {
    const before = facilitator.settled;
    const { response, body } = await pay(runtime());
    expect(response.status).toBe(200);
    expect(body).toContain(secretSentence);
    const receipt = mpp.receiptOf(response.headers.get('payment-receipt')!);
    expect(receipt).toMatchObject({
      method: 'evm',
      status: 'success',
      reference: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(facilitator.settled).toBe(before + 1);
  });

  it('refuses a replayed, tampered, altered or foreign credential, and settles none of them', async () => {
    const { credential } = await pay(runtime(), 'json-api');
    const fresh = (await pay(runtime(), 'data-formats')).credential;
    const before = facilitator.settled;
    expect(await refusal(runtime(), credential)).toContain('invalid_challenge');
    // The same credential for the resource it was made for: the facilitator has seen its nonce.
    const replayed = await runtime().request('/api/x402/json-api', { headers: { Authorization: credential } });
    expect(replayed.status).toBe(402);
    expect(JSON.parse(replayed.body).error).toBe('duplicate_settlement');
    expect(
      await refusal(
        runtime(),
        altered(fresh, (wire) => {
          wire.payload.signature = `${wire.payload.signature.slice(0, -4)}0000`;
        }),
      ),
    ).toMatch(/signature/);
    expect(
      await refusal(
        runtime(),
        altered(fresh, (wire) => {
          wire.challenge.expires = new Date(Date.now() + 86_400_000).toISOString();
        }),
      ),
    ).toContain('invalid_challenge: the challenge was not made by this gateway');
    expect(
      await refusal(
        runtime(),
        altered(fresh, (wire) => {
          const request = JSON.parse(Buffer.from(wire.challenge.request, 'base64url').toString('utf8'));
          request.amount = '1';
          wire.challenge.request = Buffer.from(JSON.stringify(request)).toString('base64url');
        }),
      ),
    ).toContain('invalid_challenge: the charge is not what this gateway offers now');
    expect(await refusal(runtime(), 'Payment not-base64url!')).toContain('invalid_credential');
    expect(facilitator.settled).toBe(before);
  });

  it('refuses an x402 payment and a Payment credential together with 400', async () => {
    const response = await runtime().request('/api/x402/data-formats', {
      headers: { Authorization: 'Payment e30', 'PAYMENT-SIGNATURE': 'e30=' },
    });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).error).toBe('ambiguous_payment');
  });
});

describe.runIf(installed)('Machine Payments Protocol in the payments ledger', () => {
  const expectedRows = (network: string) =>
    ['data-formats', 'json-api', 'data-formats'].map((slug) => ({
      rail: 'mpp',
      x402Version: null,
      scheme: 'charge',
      network,
      asset: usdcOnBaseSepolia,
      amount: '50000',
      payer: buyer,
      slug,
      channel: 'http',
    }));

  it('records each settled charge once, as rail mpp, on workerd D1 and on serve', async () => {
    const inD1 = await settled(async () => (await ledgerRows(workerd.readers!)).length, 3);
    expect(inD1).toBe(3);
    expect(await ledgerRows(workerd.readers!)).toEqual(
      expectedRows('eip155:84532').map((row) => expect.objectContaining(row)),
    );
    await serve.close();
    const file = openReadersDatabase(readersFile);
    try {
      expect(await ledgerRows(file)).toEqual(expectedRows('eip155:84532').map((row) => expect.objectContaining(row)));
    } finally {
      await file.close();
    }
  });
});

// The charge signs an EIP-3009 authorization, so it pays the EIP-3009 offer wherever site.yaml lists
// it among `x402.transfer_methods`, and is not offered at all when the gateway sells through Permit2 only.
describe.runIf(installed).each(['serve', 'workerd'] as const)(
  'Machine Payments Protocol beside Permit2 on %s',
  (name) => {
    const withPermit2 = (methods: string) => `x402:\n  network: base-sepolia\n  transfer_methods: [${methods}]`;
    let permit2First: Awaited<ReturnType<typeof startRecording>>;
    let permit2Only: Awaited<ReturnType<typeof startRecording>>;
    let credential: string;
    beforeAll(async () => {
      const env = { X402_FACILITATOR_URL: facilitator.url, X402_PAY_TO: payTo };
      permit2First = await startRecording(
        name,
        await siteUnderTest({ siteYaml: withPermit2('permit2, eip3009') }),
        env,
      );
      permit2Only = await startRecording(name, await siteUnderTest({ siteYaml: withPermit2('permit2') }), env);
    });
    afterAll(async () => {
      await Promise.all([permit2First?.close(), permit2Only?.close()]);
    });

    it('charges the EIP-3009 offer when Permit2 is offered first, and the ledger names its method', async () => {
      const offered = await permit2First.runtime.request('/api/x402/data-formats');
      expect(JSON.parse(offered.body).accepts.map((offer: { extra: object }) => offer.extra)).toEqual([
        { ...usdc, assetTransferMethod: 'permit2' },
        usdc,
      ]);
      const paid = await pay(permit2First.runtime);
      credential = paid.credential;
      expect(paid.response.status).toBe(200);
      expect(paid.body).toContain(secretSentence);
      const ledger = await permit2First.ledger();
      expect(await settled(async () => (await ledgerRows(ledger)).length, 1)).toBe(1);
      expect(await ledgerRows(ledger)).toEqual([
        expect.objectContaining({ rail: 'mpp', scheme: 'charge', transferMethod: 'eip3009', slug: 'data-formats' }),
      ]);
    });

    it('offers no charge through Permit2 alone, and refuses a credential without settling it', async () => {
      const response = await permit2Only.runtime.request('/api/x402/data-formats');
      expect(response.status).toBe(402);
      expect(response.headers.get('www-authenticate')).toBeNull();
      expect(response.headers.get('access-control-expose-headers')).toBe('PAYMENT-REQUIRED');
      const before = facilitator.settled;
      const refused = await permit2Only.runtime.request('/api/x402/data-formats', {
        headers: { Authorization: credential },
      });
      expect(refused.status).toBe(402);
      expect(JSON.parse(refused.body).error).toContain('offers no Machine Payments Protocol charge');
      expect(facilitator.settled).toBe(before);
    });
  },
);
