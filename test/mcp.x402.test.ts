import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { PaymentRequiredV2Schema } from '@x402/core/schemas';
import type { PaymentRequired } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { x402Client } from '@x402/fetch';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFacilitator } from './helpers/facilitator.js';
import { runtimePair, type RuntimePair } from './helpers/runtime-pair.js';
import type { Runtime } from './helpers/runtimes.js';
import { siteUnderTest } from './helpers/site-under-test.js';

// Paid MCP calls: the x402 MCP transport (tool-result binding), driven with the official MCP
// clients and the official x402 client, which signs the PaymentPayload the call carries in _meta.

const payTo = '0x1111111111111111111111111111111111111111';
const buyer = privateKeyToAccount(generatePrivateKey());
const secretSentence = 'The secret premium sentence';

interface ToolResult {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, any>;
  _meta?: Record<string, any>;
}
interface McpCaller {
  call(name: string, args: Record<string, unknown>, meta?: Record<string, unknown>): Promise<ToolResult>;
  close(): Promise<void>;
}

let facilitator: Awaited<ReturnType<typeof startFacilitator>>;
let configured: RuntimePair;
let dormant: RuntimePair;
const runtimes: Record<string, Runtime & { url: string }> = {};

beforeAll(async () => {
  const site = await siteUnderTest();
  facilitator = await startFacilitator();
  const env = { X402_FACILITATOR_URL: facilitator.url, X402_PAY_TO: payTo, X402_NETWORK: 'eip155:84532' };
  configured = await runtimePair(site, { env, workerdKeys: false });
  dormant = await runtimePair(site, { workerdKeys: false });
  runtimes.serve = configured.serve;
  runtimes.workerd = configured.workerd;
  runtimes.dormant = dormant.workerd;
  runtimes.dormantServe = dormant.serve;
});
afterAll(async () => {
  await Promise.all([configured?.close(), dormant?.close()]);
  await facilitator?.close();
});

async function connect(era: 'legacy' | 'modern', runtime: Runtime & { url: string }): Promise<McpCaller> {
  const url = new URL(`${runtime.url}mcp`);
  // The modern client is pinned to 2026-07-28, whose results carry their own _meta (serverInfo).
  const client =
    era === 'modern'
      ? new ModernClient(
          { name: 'x402-test', version: '1.0.0' },
          { versionNegotiation: { mode: { pin: '2026-07-28' } } },
        )
      : new LegacyClient({ name: 'x402-test', version: '1.0.0' });
  const transport = era === 'modern' ? new ModernTransport(url) : new LegacyTransport(url);
  await (client as LegacyClient).connect(transport as LegacyTransport);
  if (era === 'modern')
    expect((client as unknown as { getNegotiatedProtocolVersion(): string }).getNegotiatedProtocolVersion()).toBe(
      '2026-07-28',
    );
  return {
    call: (name, args, meta) =>
      (client as LegacyClient).callTool({
        name,
        arguments: args,
        ...(meta ? { _meta: meta } : {}),
      }) as Promise<ToolResult>,
    close: () => client.close(),
  };
}

const signer = () => new x402Client().register('eip155:*', new ExactEvmScheme(buyer));

describe.each([
  ['serve', 'legacy'],
  ['workerd', 'legacy'],
  ['workerd', 'modern'],
] as const)('a paid get_resource call on %s with the %s MCP client', (name, era) => {
  let mcp: McpCaller;
  beforeAll(async () => {
    mcp = await connect(era, runtimes[name]!);
  });
  afterAll(async () => {
    await mcp?.close();
  });

  async function paymentRequired(): Promise<ToolResult & { structuredContent: Record<string, any> }> {
    const result = await mcp.call('get_resource', { slug: 'data-formats' });
    expect(result.isError).toBe(true);
    return result as ToolResult & { structuredContent: Record<string, any> };
  }

  it('answers an unpaid call with an x402 PaymentRequired in structuredContent and content[0].text', async () => {
    const result = await paymentRequired();
    expect(PaymentRequiredV2Schema.safeParse(result.structuredContent).success).toBe(true);
    expect(JSON.parse(result.content[0]!.text)).toEqual(result.structuredContent);
    expect(result.structuredContent).toMatchObject({
      x402Version: 2,
      accepts: [{ scheme: 'exact', network: 'eip155:84532', amount: '50000', payTo }],
      // The tool's own fields stay: the preview and how to buy a key.
      slug: 'data-formats',
      access: 'payment_required',
      payment: { error: 'payment_required', resource: 'data-formats' },
    });
    expect(result.structuredContent.error).toContain('_meta["x402/payment"]');
    expect(JSON.stringify(result)).not.toContain(secretSentence);
  });

  it('serves the body to a call that carries a signed payment in _meta, with the receipt in the result _meta', async () => {
    const required = (await paymentRequired()).structuredContent as PaymentRequired;
    const payment = await signer().createPaymentPayload(required);
    const before = facilitator.settled;
    const result = await mcp.call('get_resource', { slug: 'data-formats' }, { 'x402/payment': payment });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ slug: 'data-formats', access: 'x402', premium: true });
    expect(result.structuredContent!.resource.body).toContain(secretSentence);
    expect(result._meta!['x402/payment-response']).toMatchObject({
      success: true,
      network: 'eip155:84532',
      payer: buyer.address,
    });
    expect(facilitator.settled).toBe(before + 1);

    // The same payment again is a replay: refused, nothing served.
    const replay = await mcp.call('get_resource', { slug: 'data-formats' }, { 'x402/payment': payment });
    expect(replay.isError).toBe(true);
    expect(replay.structuredContent!.error).toMatch(/duplicate/);
    expect(JSON.stringify(replay)).not.toContain(secretSentence);
  });

  it.each([
    ['a string', 'not a payment'],
    ['a version 1 payload', { x402Version: 1, scheme: 'exact', network: 'base-sepolia', payload: {} }],
    ['a payload without accepted', { x402Version: 2, payload: {} }],
  ])('refuses %s in _meta["x402/payment"] with a PaymentRequired naming why', async (_label, payment) => {
    const result = await mcp.call('get_resource', { slug: 'data-formats' }, { 'x402/payment': payment });
    expect(result.isError).toBe(true);
    expect(result.structuredContent!.error).toMatch(/^invalid_(payment|x402_version)\b/);
    expect(result.structuredContent!.accepts).toHaveLength(1);
    expect(JSON.stringify(result)).not.toContain(secretSentence);
  });

  it('keeps free resources free and ignores a payment on them', async () => {
    const result = await mcp.call('get_resource', { slug: 'wire-formats' }, { 'x402/payment': { x402Version: 2 } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ access: 'free' });
    expect(result._meta?.['x402/payment-response']).toBeUndefined();
  });
});

describe('without a configured gateway', () => {
  it('get_resource answers a premium slug as before: the preview and how to buy, not an error', async () => {
    const mcp = await connect('legacy', runtimes.dormant!);
    try {
      const result = await mcp.call('get_resource', { slug: 'data-formats' });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ access: 'payment_required' });
      expect(result.structuredContent).not.toHaveProperty('x402Version');
    } finally {
      await mcp.close();
    }
  });
});

describe.each([
  ['serve', 'dormant', 'dormantServe'],
  ['workerd', 'dormant', 'dormant'],
  ['serve', 'configured', 'serve'],
  ['workerd', 'configured', 'workerd'],
] as const)('the tools on %s with the gateway %s', (_name, state, runtime) => {
  const configured = state === 'configured';
  let mcp: McpCaller;
  beforeAll(async () => {
    mcp = await connect('legacy', runtimes[runtime]!);
  });
  afterAll(async () => {
    await mcp?.close();
  });
  /** The readable summary beside the JSON (the JSON of get_pricing and get_payment_info is the published file). */
  const summary = (result: ToolResult) => result.content.find((block) => !block.text.startsWith('{'))!.text;

  it(`get_resource ${configured ? 'offers' : 'does not offer'} /api/x402/<slug> in how_to_pay`, async () => {
    const result = await mcp.call('get_resource', { slug: 'data-formats' });
    expect(result.structuredContent!.payment.how_to_pay).toContain('Authorization: Bearer <API_KEY>');
    if (configured) {
      expect(result.structuredContent!.payment.how_to_pay).toContain('https://fixture.example/api/x402/data-formats');
      expect(summary(result)).toContain('https://fixture.example/api/x402/data-formats');
    } else expect(JSON.stringify(result)).not.toContain('/api/x402/');
  });

  it(`get_access_info ${configured ? 'lists' : 'leaves out'} the x402 endpoint and the MCP payment`, async () => {
    const result = await mcp.call('get_access_info', {});
    if (configured) {
      expect(result.structuredContent).toMatchObject({
        x402_endpoint: 'https://fixture.example/api/x402/{slug}',
        x402_mcp: expect.stringContaining('_meta["x402/payment"]'),
        how_to_pay: expect.stringContaining('/api/x402/{slug}'),
      });
    } else {
      expect(result.structuredContent).not.toHaveProperty('x402_endpoint');
      expect(result.structuredContent).not.toHaveProperty('x402_mcp');
      expect(JSON.stringify(result)).not.toContain('x402');
    }
  });

  it(`check_access ${configured ? 'names' : 'does not name'} the gateway as a next step`, async () => {
    const result = await mcp.call('check_access', { slug: 'json-api' });
    expect(result.structuredContent).toMatchObject({ can_read: false });
    if (configured) expect(result.structuredContent!.next_step).toContain('/api/x402/json-api');
    else expect(JSON.stringify(result)).not.toContain('/api/x402/');
  });

  it(`get_payment_info and get_pricing say in their summary whether pay per fetch is ${configured ? 'offered' : 'off'}`, async () => {
    const payment = summary(await mcp.call('get_payment_info', {}));
    const pricing = summary(await mcp.call('get_pricing', {}));
    if (configured) {
      expect(payment).toContain('Or pay per fetch with x402 at https://fixture.example/api/x402/{slug}.');
      expect(pricing).toMatch(/Pay per fetch \(x402\): 0\.05 USD;/);
    } else {
      expect(payment).not.toContain('/api/x402/');
      expect(payment).toContain('The x402 method listed here is not configured on this deployment');
      expect(pricing).toMatch(/Pay per fetch \(x402\): 0\.05 USD \(not configured on this deployment\);/);
    }
  });
});
