import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { PaymentRequiredV2Schema } from '@x402/core/schemas';
import type { PaymentRequired } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import {
  extractDiscoveryInfo,
  validateDiscoveryExtension,
  validateDiscoveryExtensionSpec,
  type DiscoveryExtension,
} from '@x402/extensions/bazaar';
import { wrapFetchWithPayment as wrapFetchWithPaymentV2, x402Client } from '@x402/fetch';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { wrapFetchWithPayment } from 'x402-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distinctiveSentences } from '../src/compile/premium-guard.js';
import { schemaRegistry } from '../src/schemas/registry.js';
import { startFacilitator } from './helpers/facilitator.js';
import { fixturesDir } from './helpers/fixtures.js';
import { runtimePair, type RuntimePair } from './helpers/runtime-pair.js';
import type { Runtime } from './helpers/runtimes.js';
import { siteUnderTest } from './helpers/site-under-test.js';

// Bazaar discovery: every PaymentRequired of the gateway says how to call the resource and what it
// answers, checked with the official extension package's own validators, and read back the way a
// discovery service reads it, from what the official clients send the facilitator.

const payTo = '0x1111111111111111111111111111111111111111';
const buyer = privateKeyToAccount(generatePrivateKey());
const slug = 'data-formats';
const url = `https://fixture.example/api/x402/${slug}`;
const frontMatter = {
  description: 'The JSON, NDJSON and Markdown formats the directory publishes.',
  category: 'data',
  tags: ['formats', 'api'],
};

let facilitator: Awaited<ReturnType<typeof startFacilitator>>;
let pair: RuntimePair;

beforeAll(async () => {
  const site = await siteUnderTest();
  facilitator = await startFacilitator();
  const env = { X402_FACILITATOR_URL: facilitator.url, X402_PAY_TO: payTo, X402_NETWORK: 'base-sepolia' };
  pair = await runtimePair(site, { env, workerdKeys: false });
});
afterAll(async () => {
  await pair?.close();
  await facilitator?.close();
});

/** Every distinctive sentence of the fixture's premium bodies, read from the sources. */
function premiumSentences(): string[] {
  const folder = path.join(fixturesDir, 'minimal', 'resources');
  return fs
    .readdirSync(folder)
    .map((name) => fs.readFileSync(path.join(folder, name), 'utf8').split(/^---$/m))
    .filter(([, front = '']) => /^premium: true$/m.test(front))
    .flatMap(([, , ...body]) => distinctiveSentences(body.join('---'), 24));
}

function expectValidBazaar(bazaar: unknown) {
  expect(validateDiscoveryExtension(bazaar as DiscoveryExtension)).toEqual({ valid: true });
  expect(validateDiscoveryExtensionSpec(bazaar as Record<string, unknown>)).toEqual({ valid: true });
}

function expectNoPremiumSentence(answer: unknown) {
  const text = JSON.stringify(answer);
  const sentences = premiumSentences();
  expect(sentences.length).toBeGreaterThan(3);
  for (const sentence of sentences) expect(text, sentence).not.toContain(sentence);
}

async function http402(runtime: Runtime) {
  const response = await runtime.request(`/api/x402/${slug}`);
  expect(response.status).toBe(402);
  return {
    v1: JSON.parse(response.body) as { accepts: Record<string, any>[] },
    v2: decodePaymentRequiredHeader(response.headers.get('payment-required')!) as PaymentRequired & {
      extensions: { bazaar: Record<string, any> };
    },
  };
}

async function mcpClient(runtime: Runtime & { url: string }) {
  const client = new Client({ name: 'bazaar-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${runtime.url}mcp`)));
  return client;
}

describe.each(['serve', 'workerd'] as const)('Bazaar discovery on %s', (name) => {
  const runtime = () => pair[name];

  it('declares GET /api/x402/<slug> and its Markdown answer in the 402, valid for the official validators', async () => {
    const { v1, v2 } = await http402(runtime());
    expect(PaymentRequiredV2Schema.safeParse(v2).success).toBe(true);
    const registry = schemaRegistry();
    expect(registry.validator('x402-payment-required-v2')(v2), JSON.stringify(v2)).toBe(true);
    expect(registry.validator('x402-payment-required')(v1), JSON.stringify(v1)).toBe(true);

    expectValidBazaar(v2.extensions.bazaar);
    expect(v2.extensions.bazaar.info).toEqual({
      input: { type: 'http', method: 'GET' },
      output: { type: 'text', format: 'markdown' },
    });
    expect(v2.resource).toMatchObject({
      url,
      serviceName: 'Fixture Directory',
      tags: [frontMatter.category, ...frontMatter.tags],
    });
    expect(v2.resource!.description).toContain(frontMatter.description);
    // Version 1 has no extensions: its requirements carry discovery in `outputSchema`.
    expect(v1.accepts[0]!.outputSchema).toEqual({ input: { type: 'http', method: 'GET', discoverable: true } });
    expect(v1.accepts[0]!.description).toContain(frontMatter.description);
    expectNoPremiumSentence({ v1, v2 });
  });

  it('is catalogued from what the official clients of both versions send the facilitator', async () => {
    const payV2 = wrapFetchWithPaymentV2(fetch, new x402Client().register('eip155:*', new ExactEvmScheme(buyer)));
    const v2 = await payV2(`${runtime().url}api/x402/${slug}`);
    expect(v2.status).toBe(200);
    // What the bazaar output promised: text, as Markdown.
    expect(v2.headers.get('content-type')).toMatch(/^text\/markdown/);
    const sentV2 = facilitator.settlements.at(-1)!;
    expect(extractDiscoveryInfo(sentV2.paymentPayload, sentV2.paymentRequirements)).toMatchObject({
      resourceUrl: url,
      method: 'GET',
      x402Version: 2,
      description: expect.stringContaining(frontMatter.description),
      mimeType: 'text/markdown',
      serviceName: 'Fixture Directory',
      tags: [frontMatter.category, ...frontMatter.tags],
      discoveryInfo: { input: { type: 'http', method: 'GET' }, output: { type: 'text', format: 'markdown' } },
    });

    const v1 = await wrapFetchWithPayment(fetch, buyer as never)(`${runtime().url}api/x402/${slug}`);
    expect(v1.status).toBe(200);
    const sentV1 = facilitator.settlements.at(-1)!;
    expect(sentV1.x402Version).toBe(1);
    expect(extractDiscoveryInfo(sentV1.paymentPayload, sentV1.paymentRequirements)).toMatchObject({
      resourceUrl: url,
      method: 'GET',
      x402Version: 1,
      description: expect.stringContaining(frontMatter.description),
      discoveryInfo: { input: { type: 'http', method: 'GET' } },
    });
  });

  it('declares the get_resource tool with its own input schema in an unpaid call, and the schema of the paid result', async () => {
    const client = await mcpClient(runtime());
    try {
      const { tools } = await client.listTools();
      const tool = tools.find((candidate) => candidate.name === 'get_resource')!;
      const unpaid = (await client.callTool({ name: 'get_resource', arguments: { slug } })) as unknown as {
        isError?: boolean;
        structuredContent: PaymentRequired & { extensions: { bazaar: Record<string, any> } };
      };
      expect(unpaid.isError).toBe(true);
      const bazaar = unpaid.structuredContent.extensions.bazaar;
      expectValidBazaar(bazaar);
      expect(bazaar.info).toEqual({
        input: {
          type: 'mcp',
          toolName: 'get_resource',
          description: `Data formats: ${frontMatter.description}`,
          transport: 'streamable-http',
          inputSchema: tool.inputSchema,
          example: { slug },
        },
        output: { type: 'json' },
      });
      expect(unpaid.structuredContent.resource).toMatchObject({
        url,
        tags: [frontMatter.category, ...frontMatter.tags],
      });
      expectNoPremiumSentence(unpaid);

      const payment = await new x402Client()
        .register('eip155:*', new ExactEvmScheme(buyer))
        .createPaymentPayload(unpaid.structuredContent);
      const paid = (await client.callTool({
        name: 'get_resource',
        arguments: { slug },
        _meta: { 'x402/payment': payment },
      })) as unknown as {
        isError?: boolean;
        structuredContent: Record<string, unknown>;
      };
      expect(paid.isError).toBeFalsy();
      // The output schema the 402 declared (schemas/resource.schema.json inlined) describes the paid result.
      const ajv = new Ajv2020({ strict: false, validateFormats: false });
      const result = ajv.compile(bazaar.schema.properties.output.properties.example);
      expect(result(paid.structuredContent), JSON.stringify(result.errors)).toBe(true);
      expect(result({ ...paid.structuredContent, resource: { slug } })).toBe(false);

      const sent = facilitator.settlements.at(-1)!;
      expect(extractDiscoveryInfo(sent.paymentPayload, sent.paymentRequirements)).toMatchObject({
        resourceUrl: url,
        toolName: 'get_resource',
        x402Version: 2,
        tags: [frontMatter.category, ...frontMatter.tags],
        discoveryInfo: { input: { type: 'mcp', toolName: 'get_resource', example: { slug } } },
      });
    } finally {
      await client.close();
    }
  });
});
