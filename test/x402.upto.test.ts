import { PaymentRequiredV2Schema } from '@x402/core/schemas';
import type { PaymentRequired } from '@x402/core/types';
import { UptoEvmScheme } from '@x402/evm/upto/client';
import { x402Client } from '@x402/fetch';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFacilitator, uptoFacilitatorAddress } from './helpers/facilitator.js';
import { ledgerRows, settled } from './helpers/readers-replay.js';
import { startRecording } from './helpers/recording-runtime.js';
import { siteUnderTest } from './helpers/site-under-test.js';
import { toolCallRequest } from './helpers/mcp-call.js';

// Metered reads with x402 `upto` (site.yaml `x402.metered_corpus`): a page of the full corpus over
// MCP, signed for at most the per-fetch price per record of `limit` by the official `upto` client,
// settled for the premium records the page holds.

const payTo = '0x1111111111111111111111111111111111111111';
const buyer = privateKeyToAccount(generatePrivateKey());
const secretSentence = 'The secret premium sentence';
const pricePerRecord = 50_000n;
/** USDC on Base mainnet: what a buyer signs on the wrong network (the client refuses a token it does not know). */
const usdcOnBase = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';

let site: Awaited<ReturnType<typeof siteUnderTest>>;
let facilitator: Awaited<ReturnType<typeof startFacilitator>>;

beforeAll(async () => {
  site = await siteUnderTest({ siteYaml: 'x402:\n  network: base-sepolia\n  metered_corpus: true' });
  facilitator = await startFacilitator();
});
afterAll(async () => {
  await facilitator?.close();
});

const uptoClient = () => new x402Client().register('eip155:*', new UptoEvmScheme(buyer));

describe.each(['serve', 'workerd'] as const)('x402 upto for pages of the full corpus on %s', (name) => {
  let recording: Awaited<ReturnType<typeof startRecording>>;
  const receipts: Record<string, string>[] = [];
  beforeAll(async () => {
    recording = await startRecording(name, site, { X402_FACILITATOR_URL: facilitator.url, X402_PAY_TO: payTo });
  });
  afterAll(async () => {
    await recording?.close();
  });

  async function fullCorpus(meta?: Record<string, unknown>, limit = 10) {
    const response = await recording.runtime.request('/mcp', toolCallRequest('get_full_corpus', { limit }, meta));
    return JSON.parse(response.body).result as {
      isError?: boolean;
      structuredContent: Record<string, any>;
      _meta?: Record<string, any>;
    };
  }

  it('answers an unpaid page with an upto PaymentRequired: the per-fetch price per record of limit', async () => {
    const unpaid = await fullCorpus();
    expect(unpaid.isError).toBe(true);
    expect(PaymentRequiredV2Schema.safeParse(unpaid.structuredContent).success).toBe(true);
    expect(unpaid.structuredContent.accepts).toEqual([
      expect.objectContaining({
        scheme: 'upto',
        network: 'eip155:84532',
        amount: String(10n * pricePerRecord),
        payTo,
        extra: expect.objectContaining({ assetTransferMethod: 'permit2', facilitatorAddress: uptoFacilitatorAddress }),
      }),
    ]);
    expect(JSON.stringify(unpaid)).not.toContain(secretSentence);
  });

  it('serves the page for a signed maximum and settles less: the premium records it holds', async () => {
    const unpaid = await fullCorpus();
    const payment = await uptoClient().createPaymentPayload(unpaid.structuredContent as PaymentRequired);
    const maximum = BigInt(
      (payment.payload.permit2Authorization as { permitted: { amount: string } }).permitted.amount,
    );
    expect(maximum).toBe(10n * pricePerRecord);
    const paid = await fullCorpus({ 'x402/payment': payment });
    expect(paid.isError).toBeFalsy();
    expect(paid.structuredContent.access).toBe('x402');
    expect(JSON.stringify(paid.structuredContent.records)).toContain(secretSentence);
    const premium = paid.structuredContent.records.filter((record: { premium?: boolean }) => record.premium);
    expect(premium).toHaveLength(2);
    const receipt = paid._meta!['x402/payment-response'];
    expect(receipt).toMatchObject({ success: true, payer: buyer.address, amount: String(2n * pricePerRecord) });
    expect(BigInt(receipt.amount)).toBeLessThan(maximum);
    receipts.push(receipt);

    // The same payment again is a replay: refused, nothing served.
    const replay = await fullCorpus({ 'x402/payment': payment });
    expect(replay.isError).toBe(true);
    expect(replay.structuredContent.error).toMatch(/duplicate_settlement/);
    expect(JSON.stringify(replay)).not.toContain(secretSentence);
  });

  it('refuses a maximum signed for fewer records than the page may hold', async () => {
    const unpaid = await fullCorpus(undefined, 10);
    const fewer = { ...unpaid.structuredContent, accepts: [{ ...unpaid.structuredContent.accepts[0], amount: '1' }] };
    const payment = await uptoClient().createPaymentPayload(fewer as PaymentRequired);
    const refused = await fullCorpus({ 'x402/payment': payment });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent.error).toMatch(/accepted\.amount/);
    expect(JSON.stringify(refused)).not.toContain(secretSentence);
  });

  it('refuses a tampered, expired, misdirected or wrong-network maximum, and settles none of them', async () => {
    const unpaid = await fullCorpus();
    const offered = unpaid.structuredContent.accepts[0];
    /** Signed by the official client for the offer changed by `change`, then echoing the real offer. */
    const signedFor = async (change: Record<string, unknown>, echo = true) => {
      const payment = await uptoClient().createPaymentPayload({
        ...unpaid.structuredContent,
        accepts: [{ ...offered, ...change }],
      } as PaymentRequired);
      return echo ? { ...payment, accepted: offered } : payment;
    };
    const refusal = async (payment: unknown) => {
      const refused = await fullCorpus({ 'x402/payment': payment });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused)).not.toContain(secretSentence);
      return String(refused.structuredContent.error);
    };
    const before = facilitator.settled;
    const genuine = await signedFor({});
    const authorization = genuine.payload.permit2Authorization as Record<string, any>;
    const tampered = {
      ...genuine,
      payload: { ...genuine.payload, permit2Authorization: { ...authorization, nonce: `${authorization.nonce}1` } },
    };
    expect(await refusal(tampered)).toMatch(/invalid_permit2_signature/);
    expect(await refusal(await signedFor({ maxTimeoutSeconds: -700 }))).toMatch(/permit2_deadline_expired/);
    expect(await refusal(await signedFor({ payTo: '0x2222222222222222222222222222222222222222' }))).toMatch(
      /invalid_permit2_recipient_mismatch/,
    );
    expect(await refusal(await signedFor({ network: 'eip155:8453', asset: usdcOnBase }, false))).toMatch(
      /invalid_network/,
    );
    expect(facilitator.settled).toBe(before);
  });

  it('keeps the settled amount in the ledger, with scheme upto, as the receipt states it', async () => {
    const db = await recording.ledger();
    await settled(async () => (await ledgerRows(db)).length, receipts.length);
    expect(await ledgerRows(db)).toEqual(
      receipts.map((receipt) => ({
        rail: 'x402',
        x402Version: 2,
        scheme: 'upto',
        transferMethod: 'permit2',
        network: 'eip155:84532',
        asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
        amount: receipt.amount,
        payer: buyer.address,
        slug: '/api/corpus.full.jsonl',
        transaction: receipt.transaction,
        channel: 'mcp',
        day: new Date().toISOString().slice(0, 10),
      })),
    );
  });
});
