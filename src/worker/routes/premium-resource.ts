import type { RequestNotes } from '../../shared/readers/reader-event.js';
import type { ResourceVariant } from '../../shared/routes.js';
import type { WorkerData } from '../../shared/worker-data.js';
import { presentedKey, verifyKey } from '../access-keys.js';
import { bearerChallenge, keyRefusal } from '../bearer-challenge.js';
import type { WorkerEnv } from '../env.js';
import { paymentRequired } from '../payment-required.js';
import { jsonType } from '../responses.js';
import { prefersHtml } from '../../shared/accept.js';
import { gatewayConfigured } from '../x402/requirements.js';
import { varyOnAccept } from './negotiated-page.js';

const mediaTypes: Record<ResourceVariant, string> = {
  html: 'text/html; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  json: jsonType,
};

/** A premium resource in one of its three variants: with a valid key of any tier, else the §7.1 402. */
export async function premiumResource(
  request: Request,
  env: WorkerEnv,
  data: WorkerData,
  slug: string,
  variant: ResourceVariant,
  notes: RequestNotes = {},
): Promise<Response> {
  const entry = data.premium[slug]!;
  const presented = presentedKey(request.headers);
  const key = await verifyKey(presented, env);
  Object.assign(notes, key ? { access: 'key', keyTier: key.tier, slug } : { access: 'payment-required', slug });
  if (!key) {
    // Any valid key opens a premium resource, so a refusal is a missing key or an invalid one.
    const answer = {
      perFetch: gatewayConfigured(env, data),
      challenge: bearerChallenge(data.site.url, keyRefusal(presented, null)),
    };
    // A person in a browser gets a page they can read; every other client the §7.1 JSON, byte for byte.
    if (variant !== 'html') return paymentRequired(slug, entry.preview, data.payment, answer);
    if (!prefersHtml(request.headers.get('accept')))
      return varyOnAccept(paymentRequired(slug, entry.preview, data.payment, answer));
    return varyOnAccept(
      new Response(entry.paywall[answer.perFetch ? 1 : 0], {
        status: 402,
        headers: { 'Content-Type': mediaTypes.html, 'Cache-Control': 'no-store', 'WWW-Authenticate': answer.challenge },
      }),
    );
  }
  const body = variant === 'html' ? entry.html : variant === 'markdown' ? entry.markdown : entry.json;
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': mediaTypes[variant],
      'Cache-Control': 'private, no-store',
      Vary: 'Authorization, x-api-key',
    },
  });
}
