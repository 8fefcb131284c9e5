import type { WorkerData } from '../../shared/worker-data.js';
import type { WorkerEnv } from '../env.js';
import { errorResponse, jsonResponse } from '../responses.js';
import type { SiteAssets } from '../site-assets.js';
import { FacilitatorError, settlePayment, verifyPayment } from '../x402/facilitator.js';
import { gatewayConfig, paymentRequirements, type PaymentRequirements } from '../x402/requirements.js';
import { publicPaths } from '../../shared/public-paths.js';

function paymentRequired(
  requirements: PaymentRequirements,
  error: string,
  extra: Record<string, unknown> = {},
): Response {
  return jsonResponse(402, { x402Version: 1, accepts: [requirements], error, ...extra });
}

/** Decodes the X-PAYMENT header: base64 of a JSON PaymentPayload. Null when it is not that. */
function decodePayment(header: string): Record<string, unknown> | null {
  try {
    const json = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(atob(header.trim()), (char) => char.charCodeAt(0)),
    );
    const value = JSON.parse(json) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const payload = value as Record<string, unknown>;
    return payload.x402Version === 1 &&
      payload.scheme === 'exact' &&
      typeof payload.payload === 'object' &&
      payload.payload !== null
      ? payload
      : null;
  } catch {
    return null;
  }
}

function encodeBase64Json(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

interface ResourceIndex {
  resources: { slug: string; premium: boolean; markdown: string }[];
}

/**
 * GET /api/x402/<slug>: pay per fetch with x402 (version 1). In order: unknown slug 404, free slug 400,
 * dormant gateway 503, no X-PAYMENT 402 with requirements; then verify, settle, and only then the body.
 */
export async function x402Gateway(
  request: Request,
  env: WorkerEnv,
  data: WorkerData,
  site: SiteAssets,
  slug: string,
): Promise<Response> {
  const premium = data.premium[slug];
  if (!premium) {
    const index = await site
      .json<ResourceIndex>(publicPaths.resourceIndex)
      .catch(() => ({ resources: [] }) as ResourceIndex);
    const free = index.resources.find((resource) => resource.slug === slug);
    if (free)
      return errorResponse(
        400,
        'free_resource',
        `\`${slug}\` is a free resource: read it at ${free.markdown} without paying.`,
      );
    return errorResponse(
      404,
      'not_found',
      `No premium resource \`${slug}\`. The premium slugs are: ${Object.keys(data.premium).join(', ')}.`,
    );
  }
  const config = gatewayConfig(env, data);
  if ('dormant' in config) return errorResponse(503, 'x402_not_configured', config.dormant);
  const requirements = paymentRequirements(slug, config, data);
  const header = request.headers.get('x-payment');
  if (!header) return paymentRequired(requirements, 'X-PAYMENT header is required');
  if (request.method === 'HEAD')
    return paymentRequired(requirements, 'Pay with GET: a HEAD request never settles a payment');
  const payment = decodePayment(header);
  if (!payment)
    return paymentRequired(
      requirements,
      'invalid_payment: X-PAYMENT must be base64 of an x402 version 1 exact PaymentPayload',
    );
  if (payment.network !== requirements.network)
    return paymentRequired(requirements, `invalid_network: this gateway accepts ${requirements.network}`);

  try {
    const verified = await verifyPayment(config.facilitatorUrl, payment, requirements);
    if (!verified.isValid)
      return paymentRequired(
        requirements,
        verified.invalidReason ?? 'invalid_payment',
        verified.payer ? { payer: verified.payer } : {},
      );
    const settled = await settlePayment(config.facilitatorUrl, payment, requirements);
    if (!settled.success)
      return paymentRequired(
        requirements,
        settled.errorReason ?? 'settlement_failed',
        settled.payer ? { payer: settled.payer } : {},
      );
    return new Response(premium.markdown, {
      status: 200,
      headers: {
        'Content-Type': 'text/markdown; charset=utf-8',
        'Cache-Control': 'private, no-store',
        'X-PAYMENT-RESPONSE': encodeBase64Json(settled),
        'Access-Control-Expose-Headers': 'X-PAYMENT-RESPONSE',
      },
    });
  } catch (error) {
    if (error instanceof FacilitatorError) return errorResponse(502, 'facilitator_error', error.message);
    throw error;
  }
}
