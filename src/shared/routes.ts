// The routes the runtime worker answers: one list, used by the worker, by `agentdir serve`
// and by the generated Cloudflare config. Web-standard code only.

export const fullCorpusPath = '/api/corpus.full.jsonl';
export const freeCorpusPath = '/api/corpus.jsonl';

export type ResourceVariant = 'html' | 'markdown' | 'json';

export const mcpPath = '/mcp';
export const mcpServerCardPath = '/mcp/server-card';
export const graderPath = '/api/grader';
const x402Route = /^\/api\/x402\/([^/]*)$/;

export type WorkerRoute =
  | { kind: 'premium-resource'; slug: string; variant: ResourceVariant }
  | { kind: 'full-corpus' }
  | { kind: 'mcp' }
  | { kind: 'x402'; slug: string }
  | { kind: 'grader' }
  | { kind: 'negotiated-page'; family: 'resources' | 'articles'; slug: string }
  | { kind: 'mcp-server-card' };

const resourcePage = /^\/resources\/([a-z0-9]+(?:-[a-z0-9]+)*)(\.md|\/)?$/;
const resourceJson = /^\/api\/resources\/([a-z0-9]+(?:-[a-z0-9]+)*)\.json$/;

export interface RouteOptions {
  /** site.yaml `markdown_negotiation`: page URLs answer `Accept: text/markdown` through the worker. */
  negotiation?: boolean;
}

const pageRoute = /^\/(resources|articles)\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/;

/** Which worker route a (decoded, normalized) path belongs to, or null when static assets answer it. */
export function matchWorkerRoute(
  pathname: string,
  premium: ReadonlySet<string>,
  options: RouteOptions = {},
): WorkerRoute | null {
  if (pathname === fullCorpusPath) return { kind: 'full-corpus' };
  if (pathname === mcpPath) return { kind: 'mcp' };
  if (pathname === mcpServerCardPath) return { kind: 'mcp-server-card' };
  if (pathname === graderPath) return { kind: 'grader' };
  const x402 = x402Route.exec(pathname);
  if (x402) return { kind: 'x402', slug: x402[1]! };
  const page = resourcePage.exec(pathname);
  if (page && premium.has(page[1]!))
    return { kind: 'premium-resource', slug: page[1]!, variant: page[2] === '.md' ? 'markdown' : 'html' };
  const json = resourceJson.exec(pathname);
  if (json && premium.has(json[1]!)) return { kind: 'premium-resource', slug: json[1]!, variant: 'json' };
  const negotiated = options.negotiation ? pageRoute.exec(pathname) : null;
  if (negotiated)
    return { kind: 'negotiated-page', family: negotiated[1] as 'resources' | 'articles', slug: negotiated[2]! };
  return null;
}

/** Route patterns for a host that runs the worker only on its own routes (Cloudflare `run_worker_first`). */
export function workerRoutePatterns(premiumSlugs: readonly string[], options: RouteOptions = {}): string[] {
  return [
    ...(options.negotiation ? ['/resources/*', '/articles/*'] : []),
    ...premiumSlugs.flatMap((slug) => [
      `/resources/${slug}`,
      `/resources/${slug}/`,
      `/resources/${slug}.md`,
      `/api/resources/${slug}.json`,
    ]),
    fullCorpusPath,
    mcpPath,
    mcpServerCardPath,
    '/api/x402/*',
    graderPath,
  ];
}
