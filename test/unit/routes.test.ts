import { describe, expect, it } from 'vitest';
import { checkRequestPath } from '../../src/shared/request-path.js';
import {
  feedbackPath,
  fullCorpusPath,
  graderPath,
  matchWorkerRoute,
  mcpPath,
  mcpServerCardPath,
  workerRoutePatterns,
} from '../../src/shared/routes.js';
import { staticRoutingProblems } from '../../src/shared/static-routing.js';

const premium = new Set(['paid-guide', 'deep-dive-2']);
const match = (pathname: string, negotiation = false) => matchWorkerRoute(pathname, premium, { negotiation });

describe('matchWorkerRoute: fixed routes', () => {
  it.each([
    [fullCorpusPath, { kind: 'full-corpus' }],
    [mcpPath, { kind: 'mcp' }],
    [mcpServerCardPath, { kind: 'mcp-server-card' }],
    [graderPath, { kind: 'grader' }],
  ])('%s is the %o route', (pathname, route) => {
    expect(match(pathname)).toEqual(route);
  });

  it('matches fixed routes exactly: no trailing slash, no suffix, no other case', () => {
    for (const pathname of [
      '/mcp/',
      '/MCP',
      '/mcp/extra',
      '/api/grader/',
      '/api/corpus.full.jsonl/',
      '/api/corpus.jsonl',
    ])
      expect(match(pathname), pathname).toBeNull();
  });
});

describe('matchWorkerRoute: x402', () => {
  it('takes the one segment after /api/x402/ as the slug, premium or not (the gateway judges it)', () => {
    expect(match('/api/x402/paid-guide')).toEqual({ kind: 'x402', slug: 'paid-guide' });
    expect(match('/api/x402/free-one')).toEqual({ kind: 'x402', slug: 'free-one' });
    expect(match('/api/x402/Not_A_Slug')).toEqual({ kind: 'x402', slug: 'Not_A_Slug' });
    expect(match('/api/x402/')).toEqual({ kind: 'x402', slug: '' });
  });

  it('refuses deeper paths', () => {
    expect(match('/api/x402/paid-guide/more')).toBeNull();
    expect(match('/api/x402')).toBeNull();
  });
});

describe('matchWorkerRoute: premium resources', () => {
  it.each([
    ['/resources/paid-guide', 'html'],
    ['/resources/paid-guide/', 'html'],
    ['/resources/paid-guide.md', 'markdown'],
    ['/api/resources/paid-guide.json', 'json'],
    ['/resources/deep-dive-2.md', 'markdown'],
  ])('%s is the %s variant', (pathname, variant) => {
    expect(match(pathname)).toEqual({
      kind: 'premium-resource',
      slug: pathname.match(/(paid-guide|deep-dive-2)/)![1],
      variant,
    });
  });

  it('leaves free resources and unknown shapes to the static assets', () => {
    for (const pathname of [
      '/resources/free-one',
      '/resources/free-one.md',
      '/api/resources/free-one.json',
      '/resources/paid-guide.json',
      '/resources/paid-guide.md/',
      '/resources/paid-guide//',
      '/api/resources/paid-guide.md',
      '/api/resources/paid-guide',
      '/resources/Paid-Guide',
      '/resources/paid--guide',
      '/resources/',
      '/articles/paid-guide',
      '/',
      '/unknown/path',
    ])
      expect(match(pathname), pathname).toBeNull();
  });

  it('finds no premium resource under the names of Object built-ins', () => {
    const empty = new Set<string>();
    for (const slug of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      for (const pathname of [`/resources/${slug}`, `/resources/${slug}.md`, `/api/resources/${slug}.json`])
        expect(matchWorkerRoute(pathname, empty), pathname).toBeNull();
  });
});

describe('matchWorkerRoute: markdown negotiation', () => {
  it('routes the home page and free resource and article pages through the worker only when negotiation is on', () => {
    expect(match('/resources/free-one', true)).toEqual({
      kind: 'negotiated-page',
      markdown: '/resources/free-one.md',
    });
    expect(match('/articles/a-guide/', true)).toEqual({ kind: 'negotiated-page', markdown: '/articles/a-guide.md' });
    expect(match('/', true)).toEqual({ kind: 'negotiated-page', markdown: '/index.md' });
    expect(match('/resources/free-one', false)).toBeNull();
    expect(match('/articles/a-guide', false)).toBeNull();
    expect(match('/', false)).toBeNull();
  });

  it('keeps premium pages on the premium route and leaves variants and bad slugs alone', () => {
    expect(match('/resources/paid-guide', true)).toMatchObject({ kind: 'premium-resource', variant: 'html' });
    for (const pathname of [
      '/resources/free-one.md',
      '/articles/a-guide.md',
      '/articles/A-Guide',
      '/api/articles/a.json',
    ])
      expect(match(pathname, true), pathname).toBeNull();
  });
});

describe('matchWorkerRoute after checkRequestPath (the worker order)', () => {
  const route = (url: string) => {
    const checked = checkRequestPath(new URL(url, 'https://site.example'));
    return checked.ok ? match(checked.pathname) : checked.error;
  };

  it('decodes percent-encoding first, so an encoded premium slug still hits the paywall', () => {
    expect(route('/resources/%70aid-guide')).toMatchObject({ kind: 'premium-resource', slug: 'paid-guide' });
    expect(route('/api/resources/paid%2Dguide.json')).toMatchObject({ kind: 'premium-resource', variant: 'json' });
    expect(route('/resources/paid-guide%2Emd')).toMatchObject({ kind: 'premium-resource', variant: 'markdown' });
    expect(route('/%6dcp')).toEqual({ kind: 'mcp' });
  });

  it('resolves dot segments before matching, and refuses encoded slashes', () => {
    expect(route('/articles/../resources/paid-guide')).toMatchObject({ kind: 'premium-resource' });
    expect(route('/resources/x/%2e%2e/paid-guide.md')).toMatchObject({ variant: 'markdown' });
    expect(route('/resources%2fpaid-guide')).toBe('bad_path');
  });
});

/** Cloudflare route patterns: `*` matches any run of characters, slashes included. */
function patternMatches(pattern: string, pathname: string): boolean {
  const source = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${source}$`).test(pathname);
}

describe('workerRoutePatterns', () => {
  it('lists the four URL shapes of each premium slug and the fixed routes', () => {
    // Cloudflare matches run_worker_first as a set: the order carries no meaning.
    expect(workerRoutePatterns(['paid-guide']).sort()).toEqual(
      [
        '/resources/paid-guide',
        '/resources/paid-guide/',
        '/resources/paid-guide.md',
        '/api/resources/paid-guide.json',
        fullCorpusPath,
        mcpPath,
        mcpServerCardPath,
        '/api/x402/*',
        graderPath,
      ].sort(),
    );
  });

  it('adds the home page and the page families when negotiation is on', () => {
    const patterns = workerRoutePatterns([], { negotiation: true });
    expect(patterns).toEqual(expect.arrayContaining(['/', '/resources/*', '/articles/*']));
    expect(workerRoutePatterns([])).not.toContain('/resources/*');
    expect(workerRoutePatterns([])).not.toContain('/');
  });

  it.each([false, true])('covers every path the worker routes (negotiation %s)', (negotiation) => {
    const patterns = workerRoutePatterns([...premium], { negotiation });
    const samples = [
      ...[...premium].flatMap((slug) => [
        `/resources/${slug}`,
        `/resources/${slug}/`,
        `/resources/${slug}.md`,
        `/api/resources/${slug}.json`,
        `/api/x402/${slug}`,
      ]),
      '/api/x402/',
      '/',
      '/resources/free-one',
      '/articles/a-guide/',
      fullCorpusPath,
      mcpPath,
      mcpServerCardPath,
      graderPath,
    ];
    const routed = samples.filter((pathname) => match(pathname, negotiation));
    expect(routed).toHaveLength(negotiation ? 18 : 15);
    for (const pathname of routed) {
      expect(
        patterns.some((pattern) => patternMatches(pattern, pathname)),
        pathname,
      ).toBe(true);
    }
  });

  it('lists no rule another covers when negotiation is on, so Cloudflare accepts the config', () => {
    const patterns = workerRoutePatterns(['paid-guide'], { negotiation: true });
    expect(patterns).toContain('/resources/*');
    expect(patterns).toContain('/api/resources/paid-guide.json');
    expect(patterns.filter((pattern) => pattern.startsWith('/resources/'))).toEqual(['/resources/*']);
  });

  const manySlugs = (count: number) => Array.from({ length: count }, (_, i) => `premium-resource-${i + 1}`);
  const slugSets: [string, string[]][] = [
    ['no premium slug', []],
    ['one', ['paid-guide']],
    ['three', ['data-formats', 'json-api', 'autonomous-operations']],
    ['30', manySlugs(30)],
    ['150', manySlugs(150)],
    ['one of 95 characters', [`long-${'x'.repeat(90)}`]],
  ];
  describe.each([false, true])('with negotiation %s', (negotiation) => {
    it.each(slugSets)('keeps within Cloudflare’s rules and routes every gated path (%s)', (_, slugs) => {
      const patterns = workerRoutePatterns(slugs, { negotiation });
      expect(staticRoutingProblems(patterns)).toEqual([]);
      const gated = new Set(slugs);
      const samples = slugs.flatMap((slug) => [
        `/resources/${slug}`,
        `/resources/${slug}/`,
        `/resources/${slug}.md`,
        `/api/resources/${slug}.json`,
        `/api/x402/${slug}`,
      ]);
      for (const pathname of samples) {
        expect(matchWorkerRoute(pathname, gated, { negotiation }), pathname).not.toBeNull();
        expect(
          patterns.some((pattern) => patternMatches(pattern, pathname)),
          pathname,
        ).toBe(true);
      }
    });
  });

  it('routes a premium URL shape as a family only when its slugs pass Cloudflare’s limits', () => {
    expect(workerRoutePatterns(manySlugs(3))).not.toContain('/api/resources/*');
    expect(workerRoutePatterns(manySlugs(30))).toEqual(expect.arrayContaining(['/resources/*', '/api/resources/*']));
  });
});

describe('staticRoutingProblems', () => {
  it('says what wrangler says of a rule that a wildcard covers, a duplicate, and too many rules', () => {
    expect(staticRoutingProblems(['/resources/*', '/resources/x.md'])).toEqual([
      "'/resources/x.md': rule '/resources/*' makes it redundant",
    ]);
    expect(staticRoutingProblems(['/mcp', '/mcp'])).toEqual(["'/mcp': a duplicate"]);
    expect(staticRoutingProblems(Array.from({ length: 101 }, (_, i) => `/r${i}`))).toEqual([
      '101 rules: at most 100 are allowed',
    ]);
    expect(staticRoutingProblems([`/${'a'.repeat(100)}`])).toHaveLength(1);
    expect(staticRoutingProblems(['/api/x402/*', '/mcp'])).toEqual([]);
  });
});

describe('matchWorkerRoute: readers', () => {
  it('routes POST /api/feedback only while site.yaml takes feedback', () => {
    expect(matchWorkerRoute(feedbackPath, premium, { feedback: true })).toEqual({ kind: 'feedback' });
    expect(matchWorkerRoute(feedbackPath, premium, { feedback: false })).toBeNull();
    expect(workerRoutePatterns([], { feedback: true })).toContain(feedbackPath);
    expect(workerRoutePatterns([], {})).not.toContain(feedbackPath);
  });

  it('runs the worker first on every path when every request is recorded, within Cloudflare rules', () => {
    const patterns = workerRoutePatterns(['paid-guide'], { everyRequest: true, feedback: true, negotiation: true });
    expect(patterns).toEqual(['/*']);
    expect(staticRoutingProblems(patterns)).toEqual([]);
  });
});
