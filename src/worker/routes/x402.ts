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
import { networks } from '../../shared/x402-networks.js';
import { chargeChallenge, challengeHeader, echoedChallengeProblem } from '../mpp/charge-challenge.js';
import { asX402Payment, chargedOffer, presentedCredential } from '../mpp/charge-credential.js';
import { paymentReceipt, receiptHeader } from '../mpp/charge-receipt.js';
import { checkReAccess } from '../siwx/re-access.js';
import { signInChallenge, signInHeader } from '../siwx/sign-in-challenge.js';

/**
 * One 402 for every rail: the x402 version 1 JSON body (the API description's
 * x402-payment-required) and the version 2 `PAYMENT-REQUIRED` header, each with the same reason in
 * its own words, and, while EIP-3009 is offered, the Machine Payments Protocol's
 * `WWW-Authenticate: Payment` challenge. With re-access (`reAccess`), version 2 also offers a
 * wallet that paid before to sign in instead.
 */
async function paymentRequired(
  request: Request,
  slug: string,
  config: GatewayConfig,
  data: WorkerData,
  reasons: Record<X402Version, string>,
  { payer, reAccess = false }: { payer?: string | undefined; reAccess?: boolean } = {},
): Promise<Response> {
  const now = Date.now();
  const url = new URL(request.url);
  // The charge is offered only beside an EIP-3009 offer: its credential signs an EIP-3009 authorization.
  const charged = chargedOffer(offeredRequirements(slug, config, data)[2]);
  const challenge = charged && (await chargeChallenge(charged, `/api/x402/${slug}`, url.host, now));
  const v2 = paymentRequiredV2(slug, config, data, reasons[2]);
  // A premium resource's 402 always carries extensions (Bazaar's); sign-in joins them.
  if (reAccess && v2.extensions)
    v2.extensions[signInHeader] = signInChallenge(url, networks[config.network].caip2, now);
  return jsonResponse(
    402,
    {
      x402Version: 1,
      accepts: paymentRequirements(slug, config, data),
      error: reasons[1],
      ...(payer ? { payer } : {}),
    },
    {
      [x402Headers[2].required]: encodeBase64Json(v2),
      ...(challenge
        ? {
            'WWW-Authenticate': challengeHeader(challenge),
            'Access-Control-Expose-Headers': `${x402Headers[2].required}, WWW-Authenticate`,
          }
        : { 'Access-Control-Expose-Headers': x402Headers[2].required }),
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
    return preflight('GET, HEAD', `${x402Headers[1].payment}, ${x402Headers[2].payment}, Authorization`, 86400);
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
 * GET /api/x402/<slug>: pay per fetch with x402, version 1 (`X-PAYMENT`) or 2 (`PAYMENT-SIGNATURE`),
 * or with a Machine Payments Protocol charge (`Authorization: Payment`), or read again with a
 * Sign-In-With-X proof (`sign-in-with-x`) as a wallet that paid before. In order: unknown slug 404,
 * free slug 400, dormant gateway 503, a good proof the body; no payment 402 with every offer; then
 * verify, settle, and only then the body.
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
  // Re-access reads the payments ledger: offered while it is kept, for as long as site.yaml says.
  const reAccess = data.x402.reaccessDays > 0 && env.AGENTDIR_DB !== undefined;
  const refuse = (reason: string, payer?: string) =>
    paymentRequired(request, slug, config, data, { 1: reason, 2: reason }, { payer, reAccess });

  const signedIn = await checkReAccess(request.headers, {
    resource: new URL(request.url),
    network: networks[config.network].caip2,
    slug,
    reaccessDays: reAccess ? data.x402.reaccessDays : 0,
    db: env.AGENTDIR_DB,
    now: Date.now(),
  });
  if (signedIn.kind === 'granted') {
    notes.access = 'siwx';
    return paidAnswer(premium.markdown);
  }

  const payment = presentedPayment(request.headers);
  const credential = presentedCredential(request.headers);
  if (payment.kind !== 'none' && credential.kind !== 'none')
    return errorResponse(
      400,
      'ambiguous_payment',
      'Send one payment: an x402 payment header or an Authorization: Payment credential, not both.',
    );
  if (credential.kind !== 'none') {
    if (request.method === 'HEAD') return refuse('Pay with GET: a HEAD request never settles a payment');
    if (credential.kind === 'invalid') return refuse(credential.reason);
    return payWithCredential(slug, config, data, credential, notes, refuse);
  }
  // A refused proof without a payment beside it: the 402 says why, and offers both again.
  if (signedIn.kind === 'refused' && payment.kind === 'none' && credential.kind === 'none')
    return refuse(signedIn.reason, signedIn.wallet);
  if (payment.kind === 'none')
    return paymentRequired(
      request,
      slug,
      config,
      data,
      { 1: `${x402Headers[1].payment} header is required`, 2: `${x402Headers[2].payment} header is required` },
      { reAccess },
    );
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
    const receipt = x402Headers[payment.version].receipt;
    return paidAnswer(premium.markdown, { header: receipt, value: encodeBase64Json(settlement.receipt) });
  } catch (error) {
    if (error instanceof FacilitatorError) return errorResponse(502, 'facilitator_error', error.message);
    throw error;
  }
}

/** The premium body, once paid (with the receipt in the header its rail names) or paid for before. */
function paidAnswer(markdown: string, receipt?: { header: string; value: string }): Response {
  return new Response(markdown, {
    status: 200,
    headers: {
      'Content-Type': 'text/markdown; charset=utf-8',
      'Cache-Control': 'private, no-store',
      ...(receipt ? { [receipt.header]: receipt.value, 'Access-Control-Expose-Headers': receipt.header } : {}),
    },
  });
}

/**
 * A Machine Payments Protocol `evm` charge: the echoed challenge must be one the EIP-3009 offer makes
 * now; the signed authorization goes to the facilitator as the x402 version 2 payment it is.
 */
async function payWithCredential(
  slug: string,
  config: GatewayConfig,
  data: WorkerData,
  credential: Extract<ReturnType<typeof presentedCredential>, { kind: 'credential' }>,
  notes: RequestNotes,
  refuse: (reason: string, payer?: string) => Promise<Response>,
): Promise<Response> {
  const offered = offeredRequirements(slug, config, data);
  const charged = chargedOffer(offered[2]);
  if (!charged)
    return refuse(
      'invalid_credential: this gateway offers no Machine Payments Protocol charge, which pays by EIP-3009, and site.yaml `x402.transfer_methods` does not offer eip3009; pay with x402 instead',
    );
  const problem = await echoedChallengeProblem(credential.challenge, charged, `/api/x402/${slug}`, Date.now());
  if (problem) return refuse(problem);
  try {
    const settlement = await settle(
      config.facilitatorUrl,
      2,
      asX402Payment(credential.authorization, charged),
      offered,
    );
    if (!settlement.paid) return refuse(settlement.reason, settlement.payer);
    Object.assign(notes, settledPayment(slug, 2, config, data, { ...settlement, channel: 'http', rail: 'mpp' }));
    return paidAnswer(data.premium[slug]!.markdown, {
      header: receiptHeader,
      value: paymentReceipt(settlement.receipt, new Date()),
    });
  } catch (error) {
    if (error instanceof FacilitatorError) return errorResponse(502, 'facilitator_error', error.message);
    throw error;
  }
}
