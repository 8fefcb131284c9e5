import { prefersMarkdown } from '../shared/accept.js';
import { checkRequestPath } from '../shared/request-path.js';
import { matchWorkerEntry, type WorkerRoute, type WorkerRouteKind } from '../shared/routes.js';
import { routeOptions, type WorkerData } from '../shared/worker-data.js';
import type { ExecutionContextLike, WorkerEnv } from './env.js';
import { errorResponse, forMethod } from './responses.js';
import { fullCorpus } from './routes/full-corpus.js';
import { graderEndpoint } from './routes/grader.js';
import { handleMcp } from './routes/mcp.js';
import { mcpServerCard } from './routes/mcp-server-card.js';
import { negotiatedPage, varyOnAccept } from './routes/negotiated-page.js';
import { premiumResource } from './routes/premium-resource.js';
import { x402Route } from './routes/x402.js';
import { feedbackRoute } from './routes/feedback.js';
import { recordRequest } from './readers/record-request.js';
import type { RequestNotes } from '../shared/readers/reader-event.js';
import { SiteAssets } from './site-assets.js';

export interface Worker {
  fetch(request: Request, env?: WorkerEnv, context?: ExecutionContextLike): Promise<Response>;
}

type Handler<K extends WorkerRouteKind> = (
  request: Request,
  env: WorkerEnv,
  data: WorkerData,
  route: Extract<WorkerRoute, { kind: K }>,
  notes: RequestNotes,
) => Promise<Response> | Response;

/** One handler per route kind of the table in src/shared/routes.ts, each in its file under routes/. */
const handlers: { [K in WorkerRouteKind]: Handler<K> } = {
  mcp: (request, env, data, _route, notes) => handleMcp(request, env, data, notes),
  grader: (request, env) => graderEndpoint(request, env),
  'negotiated-page': (request, env, _data, route) => negotiatedPage(request, env, route.markdown),
  'full-corpus': (request, env, data, _route, notes) => fullCorpus(request, env, data, notes),
  x402: (request, env, data, route, notes) =>
    x402Route(request, env, data, new SiteAssets(env.ASSETS, request.url), route.slug, notes),
  'mcp-server-card': (request, _env, data) => mcpServerCard(request, data),
  feedback: (request, env, data, _route, notes) => feedbackRoute(request, env, data, notes),
  'premium-resource': async (request, env, data, route, notes) => {
    // A premium page asked for as Markdown gets the Markdown variant (still behind a key).
    if (data.negotiation && route.variant === 'html' && prefersMarkdown(request.headers.get('accept')))
      return varyOnAccept(await premiumResource(request, env, data, route.slug, 'markdown', notes));
    const page = await premiumResource(request, env, data, route.slug, route.variant, notes);
    return data.negotiation && route.variant === 'html' ? varyOnAccept(page) : page;
  },
};

/** Routes that answer their own OPTIONS and 405 (with CORS and protocol-shaped bodies), or pass other methods on. */
const ownMethods = new Set<WorkerRouteKind>(['mcp', 'grader', 'negotiated-page', 'x402', 'feedback']);

/** The runtime worker for one built site: gated routes first, everything else to the static assets. */
export function createWorker(given: WorkerData): Worker {
  // Looked up by slugs from requests: `constructor` or `__proto__` must find nothing, not Object's built-ins.
  const data: WorkerData = {
    ...given,
    premium: Object.assign(Object.create(null) as WorkerData['premium'], given.premium),
  };
  const premium = new Set(Object.keys(data.premium));
  /** The answer to one request; `notes` gathers what the readers database records about it. */
  async function answer(request: Request, env: WorkerEnv, notes: RequestNotes): Promise<Response> {
    try {
      let url: URL;
      try {
        url = new URL(request.url);
      } catch {
        return errorResponse(400, 'bad_request', 'The request URL does not parse.');
      }
      const path = checkRequestPath(url);
      if (!path.ok) return forMethod(request, errorResponse(path.status, path.error, path.message));
      const matched = matchWorkerEntry(path.pathname, premium, routeOptions(data));
      if (!matched) {
        if (env.ASSETS) return env.ASSETS.fetch(request);
        return forMethod(request, errorResponse(404, 'not_found', `Nothing is published at ${path.pathname}.`));
      }
      const { entry, route } = matched;
      if (!ownMethods.has(route.kind) && !entry.methods.includes(request.method)) {
        const allowed = entry.methods.join(', ');
        return errorResponse(405, 'method_not_allowed', `${path.pathname} answers ${allowed} only.`, {
          Allow: allowed,
        });
      }
      const handler = handlers[route.kind] as Handler<typeof route.kind>;
      const response = await handler(request, env, data, route as never, notes);
      return ownMethods.has(route.kind) ? response : forMethod(request, response);
    } catch {
      // A bug must not become a 500 page with a stack trace; the caller gets a JSON error it can report.
      return errorResponse(500, 'internal_error', 'The worker failed to answer this request.');
    }
  }
  return {
    async fetch(request, env = {}, context) {
      const at = Date.now();
      const notes: RequestNotes = {};
      const response = await answer(request, env, notes);
      // Recorded after the answer has gone: a slow or failing database never delays or fails it. A
      // payment is kept in the ledger even when readers are not recorded: re-access reads it.
      if (env.AGENTDIR_DB && (data.readers.record !== 'off' || notes.payments?.length) && context?.waitUntil)
        context.waitUntil(recordRequest(env, data, { request, response, notes, at }));
      return response;
    },
  };
}
