import { matchWorkerRoute } from '../shared/routes.js';
import type { WorkerData } from '../shared/worker-data.js';
import type { ExecutionContextLike, WorkerEnv } from './env.js';
import { checkRequestPath } from '../shared/request-path.js';
import { errorResponse, forMethod, jsonResponse } from './responses.js';
import { handleMcp } from './mcp/transport.js';
import { SiteAssets } from './site-assets.js';
import { x402Gateway } from './x402/gateway.js';
import { negotiatedPage, varyOnAccept } from './routes/negotiated-page.js';
import { prefersMarkdown } from '../shared/accept.js';
import { graderEndpoint } from './grader-endpoint.js';
import { fullCorpus } from './routes/full-corpus.js';
import { premiumResource } from './routes/premium-resource.js';

export interface Worker {
  fetch(request: Request, env?: WorkerEnv, context?: ExecutionContextLike): Promise<Response>;
}

const readMethods = 'GET, HEAD';

/** The runtime worker for one built site: gated routes first, everything else to the static assets. */
export function createWorker(given: WorkerData): Worker {
  // Looked up by slugs from requests: `constructor` or `__proto__` must find nothing, not Object's built-ins.
  const data: WorkerData = {
    ...given,
    premium: Object.assign(Object.create(null) as WorkerData['premium'], given.premium),
  };
  const premium = new Set(Object.keys(data.premium));
  return {
    async fetch(request, env = {}) {
      try {
        let url: URL;
        try {
          url = new URL(request.url);
        } catch {
          return errorResponse(400, 'bad_request', 'The request URL does not parse.');
        }
        const path = checkRequestPath(url);
        if (!path.ok) return forMethod(request, errorResponse(path.status, path.error, path.message));
        const route = matchWorkerRoute(path.pathname, premium, { negotiation: data.negotiation });
        if (!route) {
          if (env.ASSETS) return env.ASSETS.fetch(request);
          return forMethod(request, errorResponse(404, 'not_found', `Nothing is published at ${path.pathname}.`));
        }
        if (route.kind === 'mcp') return await handleMcp(request, env, data);
        if (route.kind === 'grader') return await graderEndpoint(request, env);
        if (route.kind === 'negotiated-page') return await negotiatedPage(request, env, route.family, route.slug);
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          return errorResponse(405, 'method_not_allowed', `${path.pathname} answers ${readMethods} only.`, {
            Allow: readMethods,
          });
        }
        if (route.kind === 'full-corpus') return await fullCorpus(request, env, data);
        if (route.kind === 'x402')
          return forMethod(
            request,
            await x402Gateway(request, env, data, new SiteAssets(env.ASSETS, request.url), route.slug),
          );
        if (route.kind === 'mcp-server-card') {
          // The card's own media type when the client asks for it, as the server-card draft describes.
          const type = /application\/mcp-server-card\+json/i.test(request.headers.get('accept') ?? '')
            ? 'application/mcp-server-card+json'
            : 'application/json; charset=utf-8';
          return forMethod(
            request,
            jsonResponse(200, data.mcp.card, {
              'Content-Type': type,
              'Cache-Control': 'public, max-age=3600',
              'Access-Control-Allow-Origin': '*',
              Vary: 'Accept',
            }),
          );
        }
        // A premium page asked for as Markdown gets the Markdown variant (still behind a key).
        if (data.negotiation && route.variant === 'html' && prefersMarkdown(request.headers.get('accept'))) {
          return forMethod(request, varyOnAccept(await premiumResource(request, env, data, route.slug, 'markdown')));
        }
        const page = await premiumResource(request, env, data, route.slug, route.variant);
        return forMethod(request, data.negotiation && route.variant === 'html' ? varyOnAccept(page) : page);
      } catch {
        // A bug must not become a 500 page with a stack trace; the caller gets a JSON error it can report.
        return errorResponse(500, 'internal_error', 'The worker failed to answer this request.');
      }
    },
  };
}
