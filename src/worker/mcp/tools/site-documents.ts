import { input } from '../json-schema.js';
import { document } from '../output-schemas.js';
import { publicPaths } from '../../../shared/public-paths.js';
import type { Tool } from '../tool.js';

/** A tool that returns one of the site's published JSON documents as it is. */
function publishedDocument(
  name: string,
  title: string,
  description: string,
  path: string,
  summary: (value: Record<string, unknown>) => string,
): Tool {
  return {
    name,
    title,
    description,
    inputSchema: input({}),
    outputSchema: document(`The document published at ${path}.`),
    async run(_args, { site }) {
      const value = await site.json<Record<string, unknown>>(path);
      return { structured: value, summary: summary(value) };
    },
  };
}

export const getPricing = publishedDocument(
  'get_pricing',
  'Get pricing',
  'The pricing catalog: per-fetch x402 payment, the starter access key, the full-corpus license and redistribution, each with price, currency, where to pay, deliverables and license grant.',
  publicPaths.pricing,
  (value) =>
    ((value.tiers as { name: string; price: number; currency: string }[]) ?? [])
      .map((tier) => `${tier.name}: ${tier.price} ${tier.currency}`)
      .join('; '),
);

export const getPaymentInfo = publishedDocument(
  'get_payment_info',
  'Get payment details',
  'The payment manifest: premium slugs, the key headers, the gated URL shapes, checkout and the x402 gateway (network, price, endpoint).',
  publicPaths.payment,
  (value) =>
    `Premium: ${((value.premium as string[]) ?? []).join(', ')}. ${String((value.access as { how_to_pay?: string })?.how_to_pay ?? '')}`,
);
