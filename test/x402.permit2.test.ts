import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import { PaymentRequiredV2Schema } from '@x402/core/schemas';
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from '@x402/core/types';
import { PERMIT2_ADDRESS, permit2WitnessTypes } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFacilitator } from './helpers/facilitator.js';
import { ledgerRows, settled } from './helpers/readers-replay.js';
import { startRecording } from './helpers/recording-runtime.js';
import { siteUnderTest } from './helpers/site-under-test.js';
import { toolCallRequest } from './helpers/mcp-call.js';

// Paying `exact` through Permit2 (site.yaml `x402.transfer_methods: [eip3009, permit2]`) with the
// official version 2 client, against a facilitator that checks the Permit2 witness signature for real.

const payTo = '0x1111111111111111111111111111111111111111';
const usdc = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
const buyer = privateKeyToAccount(generatePrivateKey());
const secretSentence = 'The secret premium sentence';

let site: Awaited<ReturnType<typeof siteUnderTest>>;
let facilitator: Awaited<ReturnType<typeof startFacilitator>>;

beforeAll(async () => {
  site = await siteUnderTest({ siteYaml: 'x402:\n  network: base-sepolia\n  transfer_methods: [eip3009, permit2]' });
  facilitator = await startFacilitator();
});
afterAll(async () => {
  await facilitator?.close();
});

/** The official version 2 client, choosing the Permit2 offer. */
const permit2Client = () =>
  new x402Client(
    (_version, offers) => offers.find((offer) => offer.extra?.assetTransferMethod === 'permit2') ?? offers[0]!,
  ).register('eip155:*', new ExactEvmScheme(buyer));

/** A Permit2 payment the buyer really signed, for what the official client would never sign. */
async function resigned(payment: PaymentPayload, change: (permit: Record<string, any>) => void) {
  const permit = structuredClone(payment.payload.permit2Authorization) as Record<string, any>;
  change(permit);
  const signature = await buyer.signTypedData({
    domain: { name: 'Permit2', chainId: 84532, verifyingContract: PERMIT2_ADDRESS },
    types: permit2WitnessTypes,
    primaryType: 'PermitWitnessTransferFrom',
    message: {
      permitted: { token: permit.permitted.token, amount: BigInt(permit.permitted.amount) },
      spender: permit.spender,
      nonce: BigInt(permit.nonce),
      deadline: BigInt(permit.deadline),
      witness: { to: permit.witness.to, validAfter: BigInt(permit.witness.validAfter) },
    },
  });
  return { ...payment, payload: { signature, permit2Authorization: permit } };
}

describe.each(['serve', 'workerd'] as const)('x402 exact through Permit2 on %s', (name) => {
  let recording: Awaited<ReturnType<typeof startRecording>>;
  const runtime = () => recording.runtime;
  const receipts: Record<string, unknown>[] = [];
  beforeAll(async () => {
    recording = await startRecording(name, site, { X402_FACILITATOR_URL: facilitator.url, X402_PAY_TO: payTo });
  });
  afterAll(async () => {
    await recording?.close();
  });

  async function paymentRequired(): Promise<PaymentRequired> {
    const response = await runtime().request('/api/x402/data-formats');
    expect(response.status).toBe(402);
    return decodePaymentRequiredHeader(response.headers.get('payment-required')!);
  }

  it('offers Permit2 beside EIP-3009, in the version 1 body and the version 2 header', async () => {
    const response = await runtime().request('/api/x402/data-formats');
    const required = decodePaymentRequiredHeader(response.headers.get('payment-required')!);
    expect(PaymentRequiredV2Schema.safeParse(required).success).toBe(true);
    expect(required.accepts.map((offer) => offer.extra)).toEqual([
      { name: 'USDC', version: '2' },
      { name: 'USDC', version: '2', assetTransferMethod: 'permit2' },
    ]);
    expect(new Set(required.accepts.map((offer) => JSON.stringify({ ...offer, extra: null }))).size).toBe(1);
    expect(JSON.parse(response.body).accepts.map((offer: PaymentRequirements) => offer.extra)).toEqual(
      required.accepts.map((offer) => offer.extra),
    );
  });

  it('serves the Markdown after the official client pays through Permit2, with the receipt in PAYMENT-RESPONSE', async () => {
    const before = facilitator.settled;
    const pay = wrapFetchWithPayment(fetch, permit2Client());
    const response = await pay(`${runtime().url}api/x402/data-formats`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(secretSentence);
    const receipt = decodePaymentResponseHeader(response.headers.get('payment-response')!);
    expect(receipt).toMatchObject({ success: true, network: 'eip155:84532', payer: buyer.address, amount: '50000' });
    expect(facilitator.settled).toBe(before + 1);
    receipts.push(receipt as unknown as Record<string, unknown>);
  });

  it('refuses tampered, replayed, expired, underpaid, wrong-payee, wrong-spender, wrong-token and wrong-network payments', async () => {
    const required = await paymentRequired();
    const offered = required.accepts.find((offer) => offer.extra?.assetTransferMethod === 'permit2')!;
    const client = permit2Client();
    const sign = (override: Record<string, unknown> = {}) =>
      client.createPaymentPayload({ ...required, accepts: [{ ...offered, ...override }] } as PaymentRequired);
    const header = (payload: unknown) => ({ 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(payload as never) });

    const tampered = await sign();
    tampered.payload.signature = String(tampered.payload.signature).replace(
      /.{6}$/,
      String(tampered.payload.signature).endsWith('aaaaaa') ? 'bbbbbb' : 'aaaaaa',
    );
    const replayed = await sign();
    const first = await runtime().request('/api/x402/data-formats', { headers: header(replayed) });
    expect(first.status).toBe(200);
    receipts.push(decodePaymentResponseHeader(first.headers.get('payment-response')!) as never);
    const other = '0x2222222222222222222222222222222222222222';
    // Signed for something else, but echoing the offer: only the facilitator can tell.
    const quietly = async (override: Record<string, unknown>) => ({ ...(await sign(override)), accepted: offered });

    const refusals: [string, Record<string, string>, RegExp][] = [
      ['tampered signature', header(tampered), /invalid_permit2_signature/],
      ['replayed nonce', header(replayed), /duplicate_settlement/],
      ['expired deadline', header(await quietly({ maxTimeoutSeconds: -700 })), /permit2_deadline_expired/],
      [
        'not yet valid',
        header(await resigned(await sign(), (permit) => (permit.witness.validAfter = '99999999999'))),
        /permit2_not_yet_valid/,
      ],
      ['underpaid, saying so', header(await sign({ amount: '49999' })), /accepted\.amount/],
      ['underpaid, echoing the offer', header(await quietly({ amount: '49999' })), /permit2_amount_mismatch/],
      ['wrong payee, saying so', header(await sign({ payTo: other })), /accepted\.payTo/],
      ['wrong payee (witness.to)', header(await quietly({ payTo: other })), /invalid_permit2_recipient_mismatch/],
      [
        'wrong spender',
        header(await resigned(await sign(), (permit) => (permit.spender = other))),
        /invalid_permit2_spender/,
      ],
      [
        'wrong token',
        header(await resigned(await sign(), (permit) => (permit.permitted.token = other))),
        /permit2_token_mismatch/,
      ],
      [
        'wrong network',
        header(await sign({ network: 'eip155:8453', asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' })),
        /invalid_network/,
      ],
      [
        'a Permit2 payment echoing the EIP-3009 offer',
        header({ ...(await sign()), accepted: required.accepts[0] }),
        /accepted\.extra\.assetTransferMethod/,
      ],
    ];
    for (const [label, headers, reason] of refusals) {
      const response = await runtime().request('/api/x402/data-formats', { headers });
      expect(response.status, label).toBe(402);
      expect(response.body, label).not.toContain(secretSentence);
      const refused = decodePaymentRequiredHeader(response.headers.get('payment-required')!);
      expect(refused.error, label).toMatch(reason);
      expect(refused.accepts, label).toHaveLength(2);
    }
  });

  it('serves a get_resource call over MCP paid through Permit2, with the receipt in the result _meta', async () => {
    const call = (meta?: Record<string, unknown>) =>
      runtime().request('/mcp', toolCallRequest('get_resource', { slug: 'data-formats' }, meta));
    const unpaid = JSON.parse((await call()).body).result;
    expect(unpaid.isError).toBe(true);
    expect(unpaid.structuredContent.accepts).toHaveLength(2);
    const payment = await permit2Client().createPaymentPayload(unpaid.structuredContent as PaymentRequired);
    expect(payment.accepted.extra?.assetTransferMethod).toBe('permit2');
    const paid = JSON.parse((await call({ 'x402/payment': payment })).body).result;
    expect(paid.isError).toBeFalsy();
    expect(paid.structuredContent.resource.body).toContain(secretSentence);
    const receipt = paid._meta['x402/payment-response'];
    expect(receipt).toMatchObject({ success: true, payer: buyer.address, amount: '50000' });
    receipts.push({ ...receipt, channel: 'mcp' });
  });

  it('keeps one ledger row per Permit2 payment, with its method, amount and payer', async () => {
    expect(receipts).toHaveLength(3);
    const db = await recording.ledger();
    // workerd records after the answer (waitUntil).
    await settled(async () => (await ledgerRows(db)).length, receipts.length);
    expect(await ledgerRows(db)).toEqual(
      receipts.map((receipt) => ({
        rail: 'x402',
        x402Version: 2,
        scheme: 'exact',
        transferMethod: 'permit2',
        network: 'eip155:84532',
        asset: usdc,
        amount: '50000',
        payer: buyer.address,
        slug: 'data-formats',
        transaction: receipt.transaction,
        channel: receipt.channel ?? 'http',
        day: new Date().toISOString().slice(0, 10),
      })),
    );
  });
});
