import type { X402Discovery } from '../../src/shared/worker-data.js';

/**
 * The version 2 PaymentRequired that offers what a version 1 PaymentRequirements offers, as the
 * gateway must write it: the same price, payee, asset and timeout in version 2's words, and the
 * resource with its discovery service metadata (the Bazaar extension aside).
 */
export function sameOfferInVersion2(
  v1: Record<string, any>,
  network: string,
  error: string,
  service: X402Discovery['service'] = {},
) {
  return {
    x402Version: 2,
    error,
    resource: { url: v1.resource, description: v1.description, mimeType: 'text/markdown', ...service },
    accepts: [
      {
        scheme: 'exact',
        network,
        amount: v1.maxAmountRequired,
        asset: v1.asset,
        payTo: v1.payTo,
        maxTimeoutSeconds: v1.maxTimeoutSeconds,
        extra: v1.extra,
      },
    ],
  };
}

const draft = 'https://json-schema.org/draft/2020-12/schema' as const;

/** The discovery metadata of one premium slug, as the build writes it into the worker data, for worker data made by hand. */
export const slugDiscovery: X402Discovery = {
  service: { serviceName: 'Agent Site', tags: ['guides'] },
  http: {
    info: { input: { type: 'http', method: 'GET' }, output: { type: 'text', format: 'markdown' } },
    schema: {
      $schema: draft,
      type: 'object',
      properties: { input: { type: 'object' }, output: { type: 'object' } },
      required: ['input', 'output'],
    },
  },
  mcp: {
    info: {
      input: {
        type: 'mcp',
        toolName: 'get_resource',
        inputSchema: { type: 'object' },
        example: { slug: 'paid-guide' },
      },
      output: { type: 'json' },
    },
    schema: {
      $schema: draft,
      type: 'object',
      properties: { input: { type: 'object' }, output: { type: 'object' } },
      required: ['input', 'output'],
    },
  },
  v1: { input: { type: 'http', method: 'GET', discoverable: true } },
};
