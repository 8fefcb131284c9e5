import { decodePaymentRequiredHeader } from '@x402/core/http';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import {
  createSIWxPayload,
  encodeSIWxHeader,
  SIGN_IN_WITH_X,
  wrapFetchWithSIWx,
} from '@x402/extensions/sign-in-with-x';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFacilitator } from './helpers/facilitator.js';
import type { ServeRuntime, WorkerdRuntime } from './helpers/runtime-pair.js';
import { startServe, startWorkerd } from './helpers/runtimes.js';
import { siteUnderTest } from './helpers/site-under-test.js';

const payTo = '0x1111111111111111111111111111111111111111';
const buyer = privateKeyToAccount(generatePrivateKey());
const stranger = privateKeyToAccount(generatePrivateKey());
const secretSentence = 'The secret premium sentence';

let facilitator: Awaited<ReturnType<typeof startFacilitator>>;
const runtimes: { serve?: ServeRuntime; workerd?: WorkerdRuntime; withoutReaccess?: ServeRuntime } = {};

beforeAll(async () => {
  facilitator = await startFacilitator();
  const env = { X402_FACILITATOR_URL: facilitator.url, X402_PAY_TO: payTo, X402_NETWORK: 'base-sepolia' };
  const site = await siteUnderTest();
  runtimes.serve = await startServe(site.dist, site.keysFile, env);
  runtimes.workerd = await startWorkerd(site.dist, env, 0, { readersDatabase: 'd1' });
  const off = await siteUnderTest({ siteYaml: 'x402:\n  network: base-sepolia\n  reaccess_days: 0' });
  runtimes.withoutReaccess = await startServe(off.dist, off.keysFile, env);
});
afterAll(async () => {
  await Promise.all([runtimes.serve?.close(), runtimes.workerd?.close(), runtimes.withoutReaccess?.close()]);
  await facilitator?.close();
});

/** Fetch through the official Sign-In-With-X client, keeping the proof it sent. */
function signingIn(signer: typeof buyer) {
  const sent: string[] = [];
  const recording: typeof fetch = (input, init) => {
    const proof = new Request(input, init).headers.get(SIGN_IN_WITH_X);
    if (proof) sent.push(proof);
    return fetch(input, init);
  };
  return { fetch: wrapFetchWithSIWx(recording, signer), sent };
}

/** Retries while the ledger has not caught up with a payment just made (it is written after the answer). */
async function readAgain(url: string, signer: typeof buyer) {
  for (let tries = 0; ; tries++) {
    const client = signingIn(signer);
    const response = await client.fetch(url);
    if (response.status === 200 || tries === 40) return { response, proof: client.sent.at(-1)! };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(['serve', 'workerd'] as const)('re-access with Sign-In-With-X on %s', (name) => {
  const url = (slug: string) => `${runtimes[name]!.url}api/x402/${slug}`;

  it('offers sign-in in the version 2 PaymentRequired, bound to this host and network', async () => {
    const response = await fetch(url('data-formats'));
    expect(response.status).toBe(402);
    const required = decodePaymentRequiredHeader(response.headers.get('payment-required')!);
    const extension = required.extensions?.[SIGN_IN_WITH_X] as {
      info: Record<string, unknown>;
      supportedChains: unknown;
    };
    expect(extension.info).toMatchObject({
      domain: new URL(url('data-formats')).host,
      uri: url('data-formats'),
      version: '1',
      resources: [url('data-formats')],
    });
    expect(extension.supportedChains).toEqual([{ chainId: 'eip155:84532', type: 'eip191' }]);
  });

  it('lets a wallet that paid read again without paying, and nobody else', async () => {
    const pay = wrapFetchWithPayment(fetch, new x402Client().register('eip155:*', new ExactEvmScheme(buyer)));
    expect((await pay(url('data-formats'))).status).toBe(200);
    const settled = facilitator.settled;

    const { response, proof } = await readAgain(url('data-formats'), buyer);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(secretSentence);
    expect(facilitator.settled).toBe(settled);

    // The same proof again: good once.
    const replayed = await fetch(url('data-formats'), { headers: { [SIGN_IN_WITH_X]: proof } });
    expect(replayed.status).toBe(402);
    expect((await replayed.json()).error).toContain('used already');

    // Another wallet, and the buyer for a resource it never paid for.
    const other = await signingIn(stranger).fetch(url('data-formats'));
    expect(other.status).toBe(402);
    expect((await other.json()).error).toContain('has not paid for data-formats');
    const unpaid = await signingIn(buyer).fetch(url('json-api'));
    expect(unpaid.status).toBe(402);
    expect((await unpaid.json()).error).toContain('has not paid for json-api');
    expect(facilitator.settled).toBe(settled);
  });

  it('refuses a proof that is forged, stale, or made for another resource or host', async () => {
    const challenge = async (slug: string) => {
      const response = await fetch(url(slug));
      const required = decodePaymentRequiredHeader(response.headers.get('payment-required')!);
      const extension = required.extensions?.[SIGN_IN_WITH_X] as { info: Record<string, string> };
      return { ...extension.info, chainId: 'eip155:84532', type: 'eip191' as const };
    };
    const send = async (proof: Record<string, unknown>, slug = 'data-formats') => {
      const response = await fetch(url(slug), { headers: { [SIGN_IN_WITH_X]: encodeSIWxHeader(proof as never) } });
      expect(response.status).toBe(402);
      return (await response.json()).error as string;
    };
    const info = await challenge('data-formats');
    const signed = await createSIWxPayload(info as never, buyer, url('data-formats'));
    expect(await send({ ...signed, signature: `${signed.signature.slice(0, -6)}00001b` })).toContain('invalid_siwx');
    expect(await send({ ...signed, address: stranger.address })).toContain('not the named wallet');
    const stale = new Date(Date.now() - 10 * 60 * 1000).toISOString();
    const old = await createSIWxPayload({ ...info, issuedAt: stale } as never, buyer, url('data-formats'));
    expect(await send(old)).toContain('not fresh');
    expect(await send(signed, 'json-api')).toContain('was made for');
    const elsewhere = await createSIWxPayload(
      { ...info, domain: 'evil.example', uri: 'https://evil.example/api/x402/data-formats' } as never,
      buyer,
      'https://evil.example/api/x402/data-formats',
    );
    expect(await send(elsewhere)).toContain('was made for');
    const garbage = await fetch(url('data-formats'), { headers: { [SIGN_IN_WITH_X]: '%%%' } });
    expect([garbage.status, (await garbage.json()).error]).toEqual([402, expect.stringContaining('base64')]);
  });
});

describe('a site with re-access off', () => {
  it('offers no sign-in and refuses a proof, saying so', async () => {
    const url = `${runtimes.withoutReaccess!.url}api/x402/data-formats`;
    const response = await fetch(url);
    const required = decodePaymentRequiredHeader(response.headers.get('payment-required')!);
    expect(required.extensions).not.toHaveProperty(SIGN_IN_WITH_X);
    const proof = await fetch(url, { headers: { [SIGN_IN_WITH_X]: 'e30=' } });
    expect((await proof.json()).error).toContain('does not offer re-access');
  });
});
