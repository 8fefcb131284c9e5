import type { X402Discovery } from '../../src/shared/worker-data.js';

/**
/**
 * The version 2 PaymentRequired that offers what version 1 PaymentRequirements offer, as the
 * gateway must write it: the same offers (one per transfer method) with the same price, payee,
 * asset and timeout in version 2's words, and the resource with its discovery service metadata (the
 * Bazaar extension aside).
 */
export function sameOfferInVersion2(
  v1: Record<string, any>[],
  network: string,
  error: string,
  service: X402Discovery['service'] = {},
) {
  return {
    x402Version: 2,
    error,
    resource: { url: v1[0]!.resource, description: v1[0]!.description, mimeType: 'text/markdown', ...service },
    accepts: v1.map((offer) => ({
      scheme: 'exact',
      network,
      amount: offer.maxAmountRequired,
      asset: offer.asset,
      payTo: offer.payTo,
      maxTimeoutSeconds: offer.maxTimeoutSeconds,
      extra: offer.extra,
    })),
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
