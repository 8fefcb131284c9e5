import type { ResourceIndex } from '../../schemas/types.js';
import type { RequestNotes } from '../../shared/readers/reader-event.js';
import type { WorkerData } from '../../shared/worker-data.js';
import type { WorkerEnv } from '../env.js';
import { anyOrigin, preflight } from '../open-route.js';
import { errorResponse, forMethod, jsonResponse } from '../responses.js';
import type { SiteAssets } from '../site-assets.js';
import { encodeBase64Json } from '../x402/base64-json.js';
import { FacilitatorError } from '../x402/facilitator.js';
import { x402Headers, type X402Version } from '../../shared/x402-transport.js';
import { presentedPayment } from '../x402/presented-payment.js';
import {
  gatewayConfig,
  offeredRequirements,
  paymentRequiredV2,
  paymentRequirements,
  type GatewayConfig,
  settledPayment,
} from '../x402/requirements.js';
import { settle } from '../x402/settlement.js';
import { publicPaths } from '../../shared/public-paths.js';

/**
 * One 402 for both versions: the version 1 JSON body (the API description's x402-payment-required)
 * and the version 2 `PAYMENT-REQUIRED` header, each with the same reason in its own words.
 */
function paymentRequired(
  slug: string,
  config: GatewayConfig,
  data: WorkerData,
  reasons: Record<X402Version, string>,
  payer?: string,
): Response {
  return jsonResponse(
    402,
    {
      x402Version: 1,
      accepts: paymentRequirements(slug, config, data),
      error: reasons[1],
      ...(payer ? { payer } : {}),
    },
    {
      [x402Headers[2].required]: encodeBase64Json(paymentRequiredV2(slug, config, data, reasons[2])),
      'Access-Control-Expose-Headers': x402Headers[2].required,
    },
  );
}

/** /api/x402/<slug> with its CORS: the preflight, GET and HEAD; any other method a 405. */
export async function x402Route(
  request: Request,
  env: WorkerEnv,
  data: WorkerData,
  site: SiteAssets,
  slug: string,
  notes: RequestNotes,
): Promise<Response> {
  if (request.method === 'OPTIONS')
    return preflight('GET, HEAD', `${x402Headers[1].payment}, ${x402Headers[2].payment}`, 86400);
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return errorResponse(405, 'method_not_allowed', `/api/x402/${slug} answers GET, HEAD and OPTIONS only.`, {
      Allow: 'GET, HEAD, OPTIONS',
      ...anyOrigin,
    });
  const response = await x402Gateway(request, env, data, site, slug, notes);
  for (const [name, value] of Object.entries(anyOrigin)) response.headers.set(name, value);
  return forMethod(request, response);
}

/**
 * GET /api/x402/<slug>: pay per fetch with x402, version 1 (`X-PAYMENT`) or 2 (`PAYMENT-SIGNATURE`).
 * In order: unknown slug 404, free slug 400, dormant gateway 503, no payment 402 with the
 * requirements of both versions; then verify, settle, and only then the body.
 */
export async function x402Gateway(
  request: Request,
  env: WorkerEnv,
  data: WorkerData,
  site: SiteAssets,
  slug: string,
  notes: RequestNotes = {},
): Promise<Response> {
  notes.slug = slug;
  const premium = data.premium[slug];
  if (!premium) {
    const index: Pick<ResourceIndex, 'resources'> = await site
      .json<ResourceIndex>(publicPaths.resourceIndex)
      .catch(() => ({ resources: [] }));
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
  const refuse = (reason: string, payer?: string) =>
    paymentRequired(slug, config, data, { 1: reason, 2: reason }, payer);

  const payment = presentedPayment(request.headers);
  if (payment.kind === 'none')
    return paymentRequired(slug, config, data, {
      1: `${x402Headers[1].payment} header is required`,
      2: `${x402Headers[2].payment} header is required`,
    });
  if (payment.kind === 'malformed-request') return errorResponse(400, payment.error, payment.message);
  if (request.method === 'HEAD') return refuse('Pay with GET: a HEAD request never settles a payment');
  if (payment.kind === 'invalid') return refuse(payment.reason);

  try {
    const settlement = await settle(
      config.facilitatorUrl,
      payment.version,
      payment.payload,
      offeredRequirements(slug, config, data),
    );
    if (!settlement.paid) return refuse(settlement.reason, settlement.payer);
    Object.assign(notes, settledPayment(slug, payment.version, config, data, { ...settlement, channel: 'http' }));
    const receiptHeader = x402Headers[payment.version].receipt;
    return new Response(premium.markdown, {
      status: 200,
      headers: {
        'Content-Type': 'text/markdown; charset=utf-8',
        'Cache-Control': 'private, no-store',
        [receiptHeader]: encodeBase64Json(settlement.receipt),
        'Access-Control-Expose-Headers': receiptHeader,
      },
    });
  } catch (error) {
    if (error instanceof FacilitatorError) return errorResponse(502, 'facilitator_error', error.message);
    throw error;
  }
}
