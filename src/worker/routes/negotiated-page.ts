import { prefersMarkdown } from '../../shared/accept.js';
import type { WorkerEnv } from '../env.js';
import { errorResponse } from '../responses.js';

/** Adds `Accept` to a response's Vary, since the answer of a negotiated URL depends on it. */
export function varyOnAccept(response: Response): Response {
  const headers = new Headers(response.headers);
  const vary = headers.get('vary');
  if (vary && /(^|,)\s*accept\s*(,|$)/i.test(vary)) return response;
  headers.set('Vary', vary ? `Accept, ${vary}` : 'Accept');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * A free page with a Markdown variant (the home page, a resource, guide, cluster, learning path) with
 * negotiation on: `Accept: text/markdown` gets the `.md` variant at `markdown`, anything else the
 * HTML page, both marked `Vary: Accept`.
 */
export async function negotiatedPage(request: Request, env: WorkerEnv, markdown: string): Promise<Response> {
  if (!env.ASSETS)
    return errorResponse(
      503,
      'assets_unavailable',
      'Pages are served from the static assets, and this deployment has no ASSETS binding.',
    );
  if ((request.method === 'GET' || request.method === 'HEAD') && prefersMarkdown(request.headers.get('accept'))) {
    const variant = await env.ASSETS.fetch(new Request(new URL(markdown, request.url), { method: request.method }));
    if (variant.ok) {
      const headers = new Headers(variant.headers);
      headers.set('Content-Type', 'text/markdown; charset=utf-8');
      return varyOnAccept(new Response(variant.body, { status: 200, headers }));
    }
    await variant.body?.cancel();
  }
  return varyOnAccept(await env.ASSETS.fetch(request));
}
