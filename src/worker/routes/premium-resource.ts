import type { ResourceVariant } from '../../shared/routes.js';
import type { WorkerData } from '../../shared/worker-data.js';
import { presentedKey, verifyKey } from '../access-keys.js';
import type { WorkerEnv } from '../env.js';
import { paymentRequired } from '../payment-required.js';
import { jsonType } from '../responses.js';

const mediaTypes: Record<ResourceVariant, string> = {
  html: 'text/html; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  json: jsonType,
};

/** A premium resource in one of its three variants: with a valid key of any tier, else the §7.1 402. */
export async function premiumResource(request: Request, env: WorkerEnv, data: WorkerData, slug: string, variant: ResourceVariant): Promise<Response> {
  const entry = data.premium[slug]!;
  const key = await verifyKey(presentedKey(request.headers), env);
  if (!key) return paymentRequired(slug, entry.preview, data.payment);
  const body = variant === 'html' ? entry.html : variant === 'markdown' ? entry.markdown : entry.json;
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': mediaTypes[variant], 'Cache-Control': 'private, no-store', Vary: 'Authorization, x-api-key' },
  });
}
