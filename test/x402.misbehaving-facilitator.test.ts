import type { PaymentRequired } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { x402Client } from '@x402/fetch';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createPaymentHeader } from 'x402/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilitatorTimeoutMs } from '../src/worker/x402/facilitator.js';
import { startApprovingServer, startFacilitator, type FacilitatorMode } from './helpers/facilitator.js';
import { fetchDespiteReset } from './helpers/fetch-despite-reset.js';
import { runtimePair, type RuntimePair } from './helpers/runtime-pair.js';
import type { Runtime } from './helpers/runtimes.js';
import { siteUnderTest } from './helpers/site-under-test.js';

// A facilitator that answers 2 GiB, trickles, redirects or hangs must cost one paid request a 502
// (over MCP a tool error), within the facilitator's time budget, and nothing more: the runtime keeps
// answering. Each request has its own deadline, so a runtime that dies fails the test, not CI's clock.

const payTo = '0x1111111111111111111111111111111111111111';
const buyer = privateKeyToAccount(generatePrivateKey());
const secretSentence = 'The secret premium sentence';
/** The longest a refused paid request may take: the facilitator's budget and some slack for a loaded machine. */
const answerWithinMs = facilitatorTimeoutMs + 4_000;

let facilitator: Awaited<ReturnType<typeof startFacilitator>>;
let approving: Awaited<ReturnType<typeof startApprovingServer>>;
let runtimes: RuntimePair;

beforeAll(async () => {
  const site = await siteUnderTest();
  facilitator = await startFacilitator();
  approving = await startApprovingServer();
  facilitator.redirectTo = approving.url;
  const env = { X402_FACILITATOR_URL: facilitator.url, X402_PAY_TO: payTo, X402_NETWORK: 'base-sepolia' };
  runtimes = await runtimePair(site, { env, workerdKeys: false });
});
afterAll(async () => {
  await runtimes?.close();
  await facilitator?.close();
  await approving?.close();
});

/** GET with a deadline: a runtime that died or hangs fails here instead of stalling the run. */
async function get(runtime: Runtime & { url: string }, path: string, headers: Record<string, string> = {}) {
  const response = await fetchDespiteReset(`${runtime.url}${path.slice(1)}`, {
    headers,
    signal: AbortSignal.timeout(answerWithinMs),
  });
  return { status: response.status, body: await response.text() };
}

/** A signed version 1 payment (X-PAYMENT) for the offer the runtime makes. */
async function signedHttpPayment(runtime: Runtime & { url: string }): Promise<string> {
  const offer = JSON.parse((await get(runtime, '/api/x402/data-formats')).body).accepts[0];
  return createPaymentHeader(buyer as never, 1, offer);
}

/** tools/call get_resource over raw HTTP, optionally paying with a version 2 PaymentPayload in `_meta`. */
async function getResourceOverMcp(runtime: Runtime & { url: string }, payment?: unknown) {
  const response = await fetchDespiteReset(`${runtime.url}mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'get_resource',
        arguments: { slug: 'data-formats' },
        ...(payment ? { _meta: { 'x402/payment': payment } } : {}),
      },
    }),
    signal: AbortSignal.timeout(answerWithinMs),
  });
  return JSON.parse(await response.text()) as { result?: Record<string, any>; error?: { code: number } };
}

/** A signed version 2 PaymentPayload for the offer an unpaid MCP call makes. */
async function signedMcpPayment(runtime: Runtime & { url: string }): Promise<unknown> {
  const unpaid = await getResourceOverMcp(runtime);
  const required = unpaid.result!.structuredContent as PaymentRequired;
  return new x402Client().register('eip155:*', new ExactEvmScheme(buyer)).createPaymentPayload(required);
}

async function expectRefusedInTime(runtime: Runtime & { url: string }, httpPayment: string, mcpPayment: unknown) {
  const started = Date.now();
  const [paid, called] = await Promise.all([
    get(runtime, '/api/x402/data-formats', { 'X-PAYMENT': httpPayment }).then((answer) => ({
      ...answer,
      ms: Date.now() - started,
    })),
    getResourceOverMcp(runtime, mcpPayment).then((answer) => ({ ...answer, ms: Date.now() - started })),
  ]);
  expect(paid.status, `${runtime.name}: ${paid.body.slice(0, 300)}`).toBe(502);
  expect(JSON.parse(paid.body).error, runtime.name).toBe('facilitator_error');
  expect(paid.body, runtime.name).not.toContain(secretSentence);
  expect(paid.ms, runtime.name).toBeLessThan(answerWithinMs);

  expect(called.error, `${runtime.name}: ${JSON.stringify(called.error)}`).toBeUndefined();
  expect(called.result!.isError, runtime.name).toBe(true);
  expect(called.result!.structuredContent.error, runtime.name).toMatch(/^facilitator_error: /);
  expect(JSON.stringify(called), runtime.name).not.toContain(secretSentence);
  expect(called.ms, runtime.name).toBeLessThan(answerWithinMs);
}

/** After the fault: a static file, and a paid request and a paid MCP call against a facilitator that works. */
async function expectStillServing(runtime: Runtime & { url: string }) {
  const file = await get(runtime, '/robots.txt');
  expect(file.status, runtime.name).toBe(200);
  const paid = await get(runtime, '/api/x402/data-formats', { 'X-PAYMENT': await signedHttpPayment(runtime) });
  expect(paid.status, `${runtime.name}: ${paid.body.slice(0, 300)}`).toBe(200);
  expect(paid.body).toContain(secretSentence);
  const called = await getResourceOverMcp(runtime, await signedMcpPayment(runtime));
  expect(called.result?.isError, `${runtime.name}: ${JSON.stringify(called).slice(0, 300)}`).toBeFalsy();
  expect(called.result!.structuredContent.resource.body).toContain(secretSentence);
}

describe('a paid request when the x402 facilitator misbehaves', () => {
  it.each<[string, FacilitatorMode]>([
    ['answers 2 GiB', 'huge'],
    ['trickles a byte a second after its headers', 'trickle'],
    ['redirects with 302 to a server that approves everything', 'redirect-302'],
    ['redirects with 307 to a server that approves everything', 'redirect-307'],
    ['never answers', 'hang'],
  ])(
    'is a 502 facilitator_error (over MCP a tool error) when the facilitator %s, and the runtime keeps serving',
    async (_label, mode) => {
      const payments = await Promise.all(
        runtimes.both.map(
          async (runtime) => [await signedHttpPayment(runtime), await signedMcpPayment(runtime)] as const,
        ),
      );
      approving.requests.length = 0;
      facilitator.hugeBytesSent = 0;
      facilitator.mode = mode;
      try {
        await Promise.all(runtimes.both.map((runtime, index) => expectRefusedInTime(runtime, ...payments[index]!)));
      } finally {
        facilitator.mode = 'normal';
      }
      // The redirect target never saw a payment, and the 2 GiB answer was abandoned after its first chunks.
      expect(approving.requests).toEqual([]);
      expect(facilitator.hugeBytesSent).toBeLessThan(64 * 1024 ** 2);
      await Promise.all(runtimes.both.map((runtime) => expectStillServing(runtime)));
    },
  );
});
