import { input } from '../json-schema.js';
import { document } from '../output-schemas.js';
import { publicPaths } from '../../../shared/public-paths.js';
import type { Tool, ToolContext } from '../tool.js';
import { howToPayFor } from '../../../shared/payment-bodies.js';
import { gatewayConfigured } from '../../x402/requirements.js';

/**
 * A tool that returns one of the site's published JSON documents as it is. Its summary is the
 * worker's: a document built ahead of time cannot know whether this deployment's x402 gateway is configured.
 */
function publishedDocument(
  name: Tool['name'],
  title: string,
  description: string,
  path: string,
  summary: (value: Record<string, unknown>, context: ToolContext) => string,
): Tool {
  return {
    name,
    title,
    description,
    inputSchema: input({}),
    outputSchema: document(`The document published at ${path}.`),
    async run(_args, context) {
      const value = await context.site.json<Record<string, unknown>>(path);
      return { structured: value, summary: summary(value, context) };
    },
  };
}

export const getPricing = publishedDocument(
  'get_pricing',
  'Get pricing',
  'The pricing catalog: per-fetch x402 payment, the starter access key, the full-corpus license and redistribution, each with price, currency, where to pay, deliverables and license grant.',
  publicPaths.pricing,
  (value, { env, data }) => {
    const perFetch = gatewayConfigured(env, data);
    return ((value.tiers as { name: string; price: number; currency: string; method?: string }[]) ?? [])
      .map(
        (tier) =>
          `${tier.name}: ${tier.price} ${tier.currency}${tier.method === 'x402' && !perFetch ? ' (not configured on this deployment)' : ''}`,
      )
      .join('; ');
  },
);

export const getPaymentInfo = publishedDocument(
  'get_payment_info',
  'Get payment details',
  'The payment manifest: premium slugs, the key headers, the gated URL shapes, checkout and the x402 gateway (network, price, endpoint).',
  publicPaths.payment,
  (value, { env, data }) => {
    const perFetch = gatewayConfigured(env, data);
    const dormant = perFetch ? '' : ' The x402 method listed here is not configured on this deployment: use a key.';
    return `Premium: ${((value.premium as string[]) ?? []).join(', ')}. ${howToPayFor(data.payment, '{slug}', perFetch)}${dormant}`;
  },
);
