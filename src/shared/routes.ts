// The routes the runtime worker answers: one table, from which the worker's router, `agentdir
// serve`'s dispatch, `run_worker_first` of the generated Cloudflare config and the worker operations
// of openapi.json are all derived. Web-standard code only.

import { publicPaths } from './public-paths.js';
import { staticRoutingProblems, withoutRedundantRules } from './static-routing.js';

export const fullCorpusPath = publicPaths.corpusFull;
export const freeCorpusPath = publicPaths.corpusJsonl;
export const mcpPath = publicPaths.mcp;
export const mcpServerCardPath = publicPaths.mcpServerCard;
export const graderPath = publicPaths.grader;
export const feedbackPath = publicPaths.feedback;

export type ResourceVariant = 'html' | 'markdown' | 'json';

export type WorkerRoute =
  | { kind: 'premium-resource'; slug: string; variant: ResourceVariant }
  | { kind: 'full-corpus' }
  | { kind: 'mcp' }
  | { kind: 'x402'; slug: string }
  | { kind: 'grader' }
  | { kind: 'negotiated-page'; markdown: string }
  | { kind: 'mcp-server-card' }
  | { kind: 'feedback' };

export type WorkerRouteKind = WorkerRoute['kind'];

/**
 * One row of the table. `path` is a template: `{premium}` stands for any premium slug (one pattern
 * per slug in `run_worker_first`), `{slug}` for any one path segment the handler judges itself.
 */
export interface WorkerRouteEntry {
  path: string;
  kind: WorkerRouteKind;
  /** Methods the route answers; any other gets 405 (MCP and the grader answer OPTIONS too, for CORS). */
  methods: readonly string[];
  /** Whether a key or a payment decides the answer. */
  gated: boolean;
  /** The file under src/worker/routes/ that answers it. */
  handler: string;
  /** The operation of openapi.json that describes it. */
  operationId: string;
  variant?: ResourceVariant;
  /** A negotiated page's Markdown twin, the same template (`{slug}` the page's). */
  markdown?: string;
  /** Routed only when site.yaml turns `markdown_negotiation` on. */
  negotiation?: true;
  /** Routed only when site.yaml `analytics.feedback` is on. */
  feedback?: true;
}

const read = ['GET', 'HEAD'] as const;
const post = ['POST', 'OPTIONS'] as const;

export const workerRouteTable: readonly WorkerRouteEntry[] = [
  {
    path: fullCorpusPath,
    kind: 'full-corpus',
    methods: read,
    gated: true,
    handler: 'full-corpus.ts',
    operationId: 'exportFullCorpus',
  },
  { path: mcpPath, kind: 'mcp', methods: post, gated: false, handler: 'mcp.ts', operationId: 'mcp' },
  {
    path: mcpServerCardPath,
    kind: 'mcp-server-card',
    methods: read,
    gated: false,
    handler: 'mcp-server-card.ts',
    operationId: 'getMcpServerCard',
  },
  { path: graderPath, kind: 'grader', methods: post, gated: false, handler: 'grader.ts', operationId: 'gradeSite' },
  {
    path: feedbackPath,
    kind: 'feedback',
    methods: post,
    gated: false,
    handler: 'feedback.ts',
    operationId: 'sendFeedback',
    feedback: true,
  },
  {
    path: '/api/x402/{slug}',
    kind: 'x402',
    methods: read,
    gated: true,
    handler: 'x402.ts',
    operationId: 'payPerFetch',
  },
  ...(
    [
      ['/resources/{premium}', 'html', 'getResourcePage'],
      ['/resources/{premium}/', 'html', 'getResourcePage'],
      ['/resources/{premium}.md', 'markdown', 'getResourceMarkdown'],
      ['/api/resources/{premium}.json', 'json', 'getResourceJson'],
    ] as const
  ).map(
    ([path, variant, operationId]): WorkerRouteEntry => ({
      path,
      kind: 'premium-resource',
      methods: read,
      gated: true,
      handler: 'premium-resource.ts',
      operationId,
      variant,
    }),
  ),
  // The home page and every page family with a Markdown twin, with and without the trailing slash a static host redirects.
  {
    path: publicPaths.home,
    kind: 'negotiated-page',
    methods: read,
    gated: false,
    handler: 'negotiated-page.ts',
    operationId: 'getHomePage',
    markdown: publicPaths.homeMarkdown,
    negotiation: true,
  },
  ...(
    [
      ['resources', 'getResourcePage'],
      ['articles', 'getArticlePage'],
      ['guides', 'getGuidePage'],
      ['paths', 'getLearningPathPage'],
    ] as const
  ).flatMap(([family, operationId]) =>
    [`/${family}/{slug}`, `/${family}/{slug}/`].map(
      (path): WorkerRouteEntry => ({
        path,
        kind: 'negotiated-page',
        methods: read,
        gated: false,
        handler: 'negotiated-page.ts',
        operationId,
        markdown: `/${family}/{slug}.md`,
        negotiation: true,
      }),
    ),
  ),
];

export interface RouteOptions {
  /** site.yaml `markdown_negotiation`: page URLs answer `Accept: text/markdown` through the worker. */
  negotiation?: boolean;
  /** site.yaml `analytics.feedback`: agents post feedback to /api/feedback. */
  feedback?: boolean;
  /** site.yaml `analytics.record: every-request`: the worker sees every request first, to count it. */
  everyRequest?: boolean;
}

/** Whether a row of the table is routed under these options. */
function routed(entry: WorkerRouteEntry, options: RouteOptions): boolean {
  return (!entry.negotiation || options.negotiation === true) && (!entry.feedback || options.feedback === true);
}

const slugPattern = '[a-z0-9]+(?:-[a-z0-9]+)*';

/** A template as a regular expression; its one capture is the slug. Page routes take resource-shaped slugs only. */
function templatePattern(entry: WorkerRouteEntry): RegExp {
  const source = entry.path
    .split(/(\{premium\}|\{slug\})/)
    .map((part) => {
      if (part === '{premium}') return `(${slugPattern})`;
      if (part === '{slug}') return entry.kind === 'x402' ? '([^/]*)' : `(${slugPattern})`;
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

const compiled = workerRouteTable.map((entry) => ({ entry, pattern: templatePattern(entry) }));

function routeOf(entry: WorkerRouteEntry, slug: string): WorkerRoute {
  switch (entry.kind) {
    case 'premium-resource':
      return { kind: entry.kind, slug, variant: entry.variant! };
    case 'x402':
      return { kind: entry.kind, slug };
    case 'negotiated-page':
      return { kind: entry.kind, markdown: entry.markdown!.replace('{slug}', slug) };
    default:
      return { kind: entry.kind };
  }
}

/** The table row a (decoded, normalized) path belongs to, or null when static assets answer it. */
export function matchWorkerEntry(
  pathname: string,
  premium: ReadonlySet<string>,
  options: RouteOptions = {},
): { entry: WorkerRouteEntry; route: WorkerRoute } | null {
  for (const { entry, pattern } of compiled) {
    if (!routed(entry, options)) continue;
    const match = pattern.exec(pathname);
    if (!match) continue;
    const slug = match[1] ?? '';
    if (entry.path.includes('{premium}') && !premium.has(slug)) continue;
    return { entry, route: routeOf(entry, slug) };
  }
  return null;
}

/** Which worker route a (decoded, normalized) path belongs to, or null when static assets answer it. */
export function matchWorkerRoute(
  pathname: string,
  premium: ReadonlySet<string>,
  options: RouteOptions = {},
): WorkerRoute | null {
  return matchWorkerEntry(pathname, premium, options)?.route ?? null;
}

/**
 * Every path the worker answers, as patterns: one per premium slug and URL shape, `*` for a
 * segment the handler judges itself. The docs name each of these.
 */
export function workerRoutePaths(premiumSlugs: readonly string[], options: RouteOptions = {}): string[] {
  const patterns = workerRouteTable
    .filter((entry) => routed(entry, options))
    .flatMap((entry) =>
      entry.path.includes('{premium}')
        ? premiumSlugs.map((slug) => entry.path.replace('{premium}', slug))
        : [entry.path.replace(/\{slug\}\/?$/, '*')],
    );
  return [...new Set(patterns)];
}

/**
 * `run_worker_first` for a host that runs the worker only on its own routes (Cloudflare): the
 * worker's paths with none that another covers, within Cloudflare's limits. When the premium slugs
 * would pass those limits (too many, or too long), each premium URL shape is routed as a whole
 * family (`/resources/*`): the worker hands every path it does not gate to the static assets.
 */
export function workerRoutePatterns(premiumSlugs: readonly string[], options: RouteOptions = {}): string[] {
  if (options.everyRequest) return ['/*'];
  const exact = withoutRedundantRules(workerRoutePaths(premiumSlugs, options));
  if (staticRoutingProblems(exact).length === 0) return exact;
  const families = workerRouteTable
    .filter((entry) => entry.path.includes('{premium}'))
    .map((entry) => `${entry.path.slice(0, entry.path.indexOf('{premium}'))}*`);
  return withoutRedundantRules([...workerRoutePaths([], options), ...families]);
}
