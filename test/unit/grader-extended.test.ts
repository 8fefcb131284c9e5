// The extended grader checks (issue 16): each passes on a site that does what agents need, and
// fails, saying what is missing, on one that does not.
import { describe, expect, it } from 'vitest';
import type { Check } from '../../src/grader/check.js';
import type { SiteFetcher } from '../../src/grader/fetcher.js';
import { checkContext } from '../../src/grader/check.js';
import { agentSkillsCheck } from '../../src/grader/checks/extended/agent-skills.js';
import { apiCatalogCheck, serviceDescriptions } from '../../src/grader/checks/extended/api-catalog.js';
import { contentSignalCheck } from '../../src/grader/checks/extended/content-signal.js';
import { parseLinkHeader } from '../../src/grader/checks/extended/link-header.js';
import { linkHeadersCheck } from '../../src/grader/checks/extended/link-headers.js';
import { llmsTxtCoverageCheck } from '../../src/grader/checks/extended/llms-txt-coverage.js';
import { llmsTxtDirectiveCheck } from '../../src/grader/checks/extended/llms-txt-directive.js';
import {
  markdownLinkPortabilityCheck,
  markdownLinkTargets,
} from '../../src/grader/checks/extended/markdown-link-portability.js';
import { markdownNegotiationCheck } from '../../src/grader/checks/extended/markdown-negotiation.js';
import { mcpServerCardCheck } from '../../src/grader/checks/extended/mcp-server-card.js';
import { agentCardCheck } from '../../src/grader/checks/extended/agent-card.js';
import { ardManifestCheck } from '../../src/grader/checks/extended/ard-manifest.js';
import { mcpRegistryServerCheck } from '../../src/grader/checks/extended/mcp-registry-server.js';
import { pagePath } from '../../src/grader/checks/extended/page-path.js';
import { pageSizeCheck } from '../../src/grader/checks/extended/page-size.js';
import { paymentCacheCheck } from '../../src/grader/checks/extended/payment-cache.js';
import { webmcpDeclarationsCheck } from '../../src/grader/checks/extended/webmcp-declarations.js';
import { checks, extendedChecks, gradeSite } from '../../src/grader/grade.js';
import { formatReport } from '../../src/grader/format-report.js';
import {
  agentSkillsIndex,
  contextFor,
  docMarkdown,
  goodSite,
  homepage,
  llmsTxt,
  memoryFetcher,
  origin,
  searchPage,
  sitemapXml,
  skillMd,
  skillMdDigest,
  type Page,
  type SiteMap,
} from './grader-site.js';

const run = (check: Check, pages: SiteMap) => check.run(contextFor(pages));
const with_ = (changes: SiteMap): SiteMap => ({ ...goodSite(), ...changes });
const page = (pages: SiteMap, path: string) => pages[path] as Page;

describe('the extended checks', () => {
  it('are fifteen, weighted to 100, and all pass on the good site', async () => {
    expect(extendedChecks.map((check) => [check.id, check.weight])).toEqual([
      ['markdown-negotiation', 7],
      ['llms-txt-directive', 7],
      ['markdown-link-portability', 7],
      ['link-headers', 7],
      ['mcp-server-card', 7],
      ['mcp-registry-server', 6],
      ['api-catalog', 7],
      ['ard-manifest', 6],
      ['agent-card', 6],
      ['content-signal', 7],
      ['payment-required-cache', 7],
      ['page-size', 7],
      ['agent-skills', 6],
      ['webmcp-declarations', 6],
      ['llms-txt-coverage', 7],
    ]);
    for (const check of extendedChecks) {
      const outcome = await run(check, goodSite());
      expect(outcome.fraction, `${check.id}: ${outcome.details}`).toBe(1);
      expect(check.action, check.id).toBeTruthy();
    }
    expect(new Set([...checks, ...extendedChecks].map((check) => check.id)).size).toBe(21);
  });
});

describe('markdown negotiation', () => {
  it('passes when a page answers text/markdown for Accept: text/markdown, both answers varying on Accept', async () => {
    const outcome = await run(markdownNegotiationCheck, goodSite());
    expect(outcome.details).toBe('/docs/quick-start answers text/markdown; both send Vary: Accept.');
  });

  it('fails when the page answers HTML whatever the Accept', async () => {
    const site = goodSite();
    delete page(site, '/docs/quick-start').accept;
    expect(await run(markdownNegotiationCheck, site)).toMatchObject({
      fraction: 0,
      details: '/docs/quick-start for text/markdown: text/html; charset=utf-8.',
    });
  });

  it('takes points off for each answer without Vary: Accept', async () => {
    const site = goodSite();
    const html = page(site, '/docs/quick-start');
    delete html.headers;
    expect((await run(markdownNegotiationCheck, site)).fraction).toBe(0.75);
    delete html.accept!['text/markdown']!.headers;
    expect((await run(markdownNegotiationCheck, site)).fraction).toBe(0.5);
  });

  it('fails without an llms.txt .md link to find a page by', async () => {
    expect(
      (await run(markdownNegotiationCheck, with_({ '/llms.txt': '# S\n\n> s\n\n## A\n\n- [a](/a)\n' }))).fraction,
    ).toBe(0);
  });
});

describe('llms.txt directive', () => {
  it('passes when the home page body and a .md variant name /llms.txt in their first half', async () => {
    expect((await run(llmsTxtDirectiveCheck, goodSite())).details).toBe(
      'The home page and /docs/quick-start.md name /llms.txt in their first half.',
    );
  });

  it('fails a home page that names it only in <head>, nav or scripts, and a .md that never names it', async () => {
    const hidden = homepage
      .replace(/<p>Agents:.*<\/p>/, '<nav><a href="/llms.txt">llms</a></nav>')
      .replace('</head>', '<link rel="alternate" href="/llms.txt"></head>');
    const outcome = await run(
      llmsTxtDirectiveCheck,
      with_({
        '/': { type: 'text/html', body: hidden },
        '/docs/quick-start.md': { type: 'text/markdown', body: '# Quick start\n\nText.' },
      }),
    );
    expect(outcome.fraction).toBe(0);
    expect(outcome.details).toBe('the home page never names /llms.txt; /docs/quick-start.md never names /llms.txt.');
  });

  it('gives half when the directive is buried past the middle of the page', async () => {
    const buried = homepage.replace('<p>Agents:', `<p>${'Long text. '.repeat(100)}</p><p>Agents:`);
    const outcome = await run(llmsTxtDirectiveCheck, with_({ '/': { type: 'text/html', body: buried } }));
    expect(outcome.fraction).toBe(0.5);
    expect(outcome.details).toMatch(/^the home page names \/llms\.txt only \d+% down\.$/);
  });
});

describe('llms.txt size and coverage', () => {
  it('passes an llms.txt under 50,000 characters that links every sitemap page', async () => {
    expect((await run(llmsTxtCoverageCheck, goodSite())).details).toMatch(
      /^\/llms\.txt: largest \d+ characters; link 100% of the 6 sitemap pages\.$/,
    );
  });

  it('reads .md, /index.md and trailing-slash links as the pages they stand for', () => {
    const paths = ['/a.md', '/b/index.md', '/c/', '/d.html', '/', '/e/index.html'].map((path) =>
      pagePath(new URL(path, origin)),
    );
    expect(paths).toEqual(['/a', '/b', '/c', '/d', '/', '/e']);
  });

  it('fails when llms.txt links under 80% of the sitemap, naming missing pages', async () => {
    const extra = ['/docs/a', '/docs/b', '/docs/c', '/docs/d'];
    const names = ['quick-start', 'authentication', 'rate-limits', 'endpoints', 'errors', 'changelog'];
    const sitemap = sitemapXml(...names.map((name) => `/docs/${name}`), ...extra);
    const outcome = await run(
      llmsTxtCoverageCheck,
      with_({ '/sitemap.xml': { type: 'application/xml', body: sitemap } }),
    );
    expect(outcome.fraction).toBe(0.5 + 0.3);
    expect(outcome.details).toContain('link 60% of the 10 sitemap pages, not /docs/a, /docs/b, /docs/c...');
  });

  it('fails an llms.txt over 50,000 characters', async () => {
    const huge = `${llmsTxt}\n${'> padding for the size check\n'.repeat(2000)}`;
    const outcome = await run(llmsTxtCoverageCheck, with_({ '/llms.txt': huge }));
    expect(outcome.fraction).toBe(0.5);
    expect(outcome.details).toMatch(/largest \d{5,} characters/);
  });

  it('counts the links of the per-section files a root llms.txt indexes', async () => {
    const names = ['quick-start', 'authentication', 'rate-limits', 'endpoints', 'errors', 'changelog'];
    const section = (list: string[]) =>
      `# S\n\n> s\n\n## Docs\n\n${list.map((name) => `- [${name}](${origin}/docs/${name}.md): x`).join('\n')}\n`;
    const index = `# S\n\n> s\n\n## Sections\n\n- [One](${origin}/llms/one.txt): a\n- [Two](${origin}/llms/two.txt): b\n`;
    const site = with_({
      '/llms.txt': index,
      '/llms/one.txt': section(names.slice(0, 3)),
      '/llms/two.txt': section(names.slice(3)),
    });
    const outcome = await run(llmsTxtCoverageCheck, site);
    expect(outcome.fraction).toBe(1);
    expect(outcome.details).toMatch(/^\/llms\.txt and 2 of its 2 section files: .*link 100% of the 6 sitemap pages\.$/);
    // Without them, the index alone links none of the pages.
    delete site['/llms/two.txt'];
    delete site['/llms/one.txt'];
    expect((await run(llmsTxtCoverageCheck, site)).fraction).toBe(0.5);
  });

  it('reads section files only while the fetch budget lasts, and says its coverage is an estimate', async () => {
    const names = ['quick-start', 'authentication', 'rate-limits', 'endpoints', 'errors', 'changelog'];
    const files = names.map((name) => `/llms/${name}.txt`);
    const site = with_({
      '/llms.txt': `# S\n\n> s\n\n## Sections\n\n${files.map((file) => `- [x](${origin}${file}): x`).join('\n')}\n`,
      ...Object.fromEntries(
        names.map((name) => [`/llms/${name}.txt`, `# S\n\n> s\n\n## D\n\n- [${name}](${origin}/docs/${name}.md): x\n`]),
      ),
    });
    const fetcher = memoryFetcher(site);
    // As networkFetcher does: a request past the limit is not made, and says so.
    let used = 0;
    const limit = 6;
    const budgeted: SiteFetcher = {
      remaining: () => limit - used,
      get: async (url, options) => {
        if (used >= limit)
          return { url, status: 0, contentType: '', text: '', error: 'not fetched: the grader stops after 6 requests' };
        used++;
        return fetcher.get(url, options);
      },
    };
    const context = checkContext(origin, budgeted);
    // What the core checks read first.
    for (const path of ['/robots.txt', '/llms.txt', '/sitemap.xml']) await context.fetch(path);
    const outcome = await llmsTxtCoverageCheck.run(context);
    expect(used).toBe(limit);
    // Three section files read, each linking one page: the six are estimated to link all six sitemap pages.
    expect(outcome.details).toMatch(
      /^\/llms\.txt and 3 of its 6 section files \(fetch budget spent: estimated\): largest \d+ characters; link 100% of the 6 sitemap pages\.$/,
    );
  });
});

describe('Markdown link portability', () => {
  it('passes a .md variant whose links are all absolute (fragments allowed)', async () => {
    expect((await run(markdownLinkPortabilityCheck, goodSite())).details).toBe(
      '/docs/quick-start.md: 0 of 2 links not absolute.',
    );
  });

  it('fails root-relative and relative links, ignoring code', async () => {
    const body = `${docMarkdown('quick-start')}\nSee [errors](/docs/errors) and [b](../b.md).\n\n\`\`\`md\n[example](/not/counted)\n\`\`\`\n\`[inline](/not/counted)\`\n`;
    const outcome = await run(
      markdownLinkPortabilityCheck,
      with_({ '/docs/quick-start.md': { type: 'text/markdown', body } }),
    );
    expect(outcome.fraction).toBe(0);
    expect(outcome.details).toBe('/docs/quick-start.md: 2 of 4 links not absolute (/docs/errors, ../b.md).');
  });

  it('reads inline links, images and reference definitions', () => {
    expect(
      markdownLinkTargets('[a](https://x/a "t") ![i](/i.png)\n[ref]: /r\n  [r2]: <https://x/r2>\n    [code]: /c'),
    ).toEqual(['https://x/a', '/i.png', '/r', 'https://x/r2']);
  });
});

describe('a home page that answers agents Markdown', () => {
  it('is judged by its HTML, which the checks that read the home page ask for', async () => {
    const site = goodSite();
    // Markdown for the grader's default Accept: no <title>, no Link header, no /llms.txt.
    page(site, '/').accept = { 'text/markdown': { type: 'text/markdown', body: '# Test Site\n\n> Guides.\n' } };
    const { score, extended } = await gradeSite(origin, memoryFetcher(site));
    expect(score).toBe(100);
    expect(extended.score).toBe(100);
  });
});

describe('Link headers', () => {
  it('passes when the home page links llms.txt, the API catalog and a service description', async () => {
    expect((await run(linkHeadersCheck, goodSite())).details).toBe(
      '4 link-values name llms.txt, api-catalog and service-desc.',
    );
  });

  it('fails without a Link header, and names the relations missing', async () => {
    const site = goodSite();
    delete page(site, '/').headers;
    expect(await run(linkHeadersCheck, site)).toMatchObject({
      fraction: 0,
      details: '0 link-values; none for llms.txt, api-catalog, service-desc.',
    });
    page(site, '/').headers = { Link: `<${origin}/llms.txt>; rel="describedby"` };
    expect((await run(linkHeadersCheck, site)).fraction).toBeCloseTo(1 / 3);
  });

  it('parses RFC 8288 link-values: quoted commas and semicolons, several rels, the first rel only', () => {
    const header =
      '<https://x/a>; title="a, b; c"; rel="service-desc  Alternate", </b>;rel=api-catalog;rel=ignored , <c>; anchor="#x"';
    expect(parseLinkHeader(header)).toEqual([
      { target: 'https://x/a', rels: ['service-desc', 'alternate'] },
      { target: '/b', rels: ['api-catalog'] },
      { target: 'c', rels: [] },
    ]);
    expect(parseLinkHeader('not a link, <https://x/a>; rel=x')).toEqual([]);
  });
});

describe('MCP server card', () => {
  it('passes a card with name, version, description and a remote URL', async () => {
    expect((await run(mcpServerCardCheck, goodSite())).fraction).toBe(1);
  });

  it('fails a missing card, and takes points off for each missing field', async () => {
    const site = goodSite();
    delete site['/.well-known/mcp/server-card.json'];
    expect(await run(mcpServerCardCheck, site)).toMatchObject({
      fraction: 0,
      details: '/.well-known/mcp/server-card.json answered 404.',
    });
    const partial = with_({ '/.well-known/mcp/server-card.json': '{"name": "x", "version": "1", "remotes": []}' });
    expect(await run(mcpServerCardCheck, partial)).toMatchObject({
      fraction: 0.5,
      details: '/.well-known/mcp/server-card.json lacks description, remotes[].url.',
    });
  });
});

describe('API catalog', () => {
  it('passes a linkset whose service-desc (JSON first) is an OpenAPI description', async () => {
    expect((await run(apiCatalogCheck, goodSite())).details).toBe(
      `/.well-known/api-catalog names ${origin}/openapi.json, an OpenAPI description.`,
    );
  });

  it('fails without a catalog, and gives half when the description does not answer', async () => {
    const site = goodSite();
    delete site['/openapi.json'];
    expect((await run(apiCatalogCheck, site)).fraction).toBe(0.5);
    delete site['/.well-known/api-catalog'];
    expect((await run(apiCatalogCheck, site)).fraction).toBe(0);
  });

  it('accepts a YAML description', async () => {
    const catalog = JSON.stringify({ linkset: [{ anchor: origin, 'service-desc': [{ href: '/openapi.yaml' }] }] });
    const site = with_({ '/.well-known/api-catalog': catalog, '/openapi.yaml': 'openapi: 3.1.0\ninfo: {}\n' });
    expect((await run(apiCatalogCheck, site)).fraction).toBe(1);
  });

  it('reads service-desc targets of every context, skipping those without', () => {
    const linkset = { linkset: [{ anchor: 'a' }, { 'service-desc': [{ href: '/x.json' }, { type: 'y' }] }] };
    expect(serviceDescriptions(JSON.stringify(linkset))).toEqual(['/x.json']);
    expect(serviceDescriptions('not json')).toEqual([]);
  });
});

describe('Content-Signal', () => {
  it('passes a robots.txt with a Content-Signal line', async () => {
    expect((await run(contentSignalCheck, goodSite())).details).toBe(
      'robots.txt says Content-Signal: search=yes, ai-train=no.',
    );
  });

  it('fails without one, or with one that grants or withholds nothing', async () => {
    expect(await run(contentSignalCheck, with_({ '/robots.txt': 'User-agent: *\nAllow: /\n' }))).toMatchObject({
      fraction: 0,
      details: 'robots.txt has no Content-Signal line.',
    });
    expect((await run(contentSignalCheck, with_({ '/robots.txt': 'Content-Signal: maybe\n' }))).fraction).toBe(0);
  });
});

describe('402 caching', () => {
  const premium = (headers: Record<string, string>): SiteMap =>
    with_({
      '/llms.txt': `${llmsTxt}\n## Premium\n\n- [Deep dive (premium)](${origin}/resources/deep-dive/preview.md): paid\n`,
      '/resources/deep-dive.md': {
        status: 402,
        type: 'application/json',
        body: '{"error":"payment_required"}',
        headers,
      },
    });

  it('passes when the premium page answers 402 with Cache-Control: no-store or private', async () => {
    expect((await run(paymentCacheCheck, premium({ 'Cache-Control': 'no-store' }))).details).toBe(
      '/resources/deep-dive.md answered 402 with Cache-Control: no-store.',
    );
    expect((await run(paymentCacheCheck, premium({ 'Cache-Control': 'private, max-age=60' }))).fraction).toBe(1);
  });

  it('fails a 402 that shared caches may keep, or none at all', async () => {
    expect(await run(paymentCacheCheck, premium({ 'Cache-Control': 'public, max-age=3600' }))).toMatchObject({
      fraction: 0,
      details: '/resources/deep-dive.md answered 402 with Cache-Control: public, max-age=3600.',
    });
    expect((await run(paymentCacheCheck, premium({}))).details).toContain('Cache-Control: none');
    const leaked = premium({});
    leaked['/resources/deep-dive.md'] = '# Deep dive\n\nThe paid text.';
    expect((await run(paymentCacheCheck, leaked)).details).toBe('/resources/deep-dive.md answered 200.');
  });

  it('finds premium resources in the resource index when llms.txt lists none, else is not applicable', async () => {
    const index = JSON.stringify({ resources: [{ slug: 'free' }, { slug: 'deep-dive', premium: true }] });
    const site = { ...premium({}), '/llms.txt': llmsTxt, '/api/resources.json': index };
    expect((await run(paymentCacheCheck, site)).details).toContain('/resources/deep-dive.md answered 402');
    expect(await run(paymentCacheCheck, goodSite())).toEqual({
      fraction: 1,
      details: 'No premium resource: not applicable, so passed.',
    });
  });
});

describe('page size', () => {
  it('passes a home page, a page and its .md within the limits', async () => {
    expect((await run(pageSizeCheck, goodSite())).details).toBe(
      '/, /docs/quick-start, /docs/quick-start.md: within the limits.',
    );
  });

  it('fails pages over 500,000 bytes of HTML or 100,000 characters of Markdown', async () => {
    const site = with_({
      '/': { type: 'text/html', body: homepage.replace('</body>', `${'<p>é</p>'.repeat(60_000)}</body>`) },
      '/docs/quick-start.md': { type: 'text/markdown', body: `# Big\n\n${'word '.repeat(25_000)}` },
    });
    const outcome = await run(pageSizeCheck, site);
    expect(outcome.fraction).toBeCloseTo(1 / 3);
    expect(outcome.details).toMatch(
      /^\/ is \d+ \(over 500000\); \/docs\/quick-start\.md is 125\d\d\d \(over 100000\)\.$/,
    );
  });
});

describe('the report', () => {
  it('scores the extended checks apart, leaving score and checks as the six core checks make them', async () => {
    const report = await gradeSite(origin, memoryFetcher(goodSite()));
    expect([report.score, report.extended.score]).toEqual([100, 100]);
    expect(report.checks.map((check) => check.id)).toEqual(checks.map((check) => check.id));
    expect(report.extended.checks.map((check) => check.id)).toEqual(extendedChecks.map((check) => check.id));
    expect(report.recommendations).toEqual([]);
  });

  it('recommends for failing extended checks after the core checks', async () => {
    const site = goodSite();
    site['/robots.txt'] = 'User-agent: *\n';
    const report = await gradeSite(origin, memoryFetcher(site));
    expect(report.score).toBeLessThan(100);
    expect(report.recommendations.map((item) => item.check)).toEqual(['robots-txt', 'content-signal']);
    expect(report.extended.checks.find((check) => check.id === 'content-signal')).toMatchObject({
      passed: false,
      score: 0,
    });
  });

  it('prints the extended checks after the core ones', async () => {
    const text = formatReport(await gradeSite(origin, memoryFetcher(goodSite())));
    expect(text).toContain('Extended checks (not part of the score above): 100/100');
    expect(text.indexOf('An RSL license.xml')).toBeLessThan(text.indexOf('Extended checks'));
    expect(text.indexOf('Extended checks')).toBeLessThan(text.indexOf('An MCP server card'));
  });

  it('asks each URL once per Accept, reading page sizes and directives from pages fetched already', async () => {
    const fetcher = memoryFetcher(goodSite());
    await gradeSite(origin, fetcher);
    expect(fetcher.requests.length).toBe(new Set(fetcher.requests).size);
    // 10 for the core checks (robots.txt, llms.txt, sitemap, home page, license, 5 .md variants); the
    // extended ones add the page twice (Markdown, HTML), the card, the catalog, its description, the
    // resource index (llms.txt lists no premium resource), server.json, ard.json, the agent card, the
    // skills index and its one SKILL.md, and the search page.
    expect(fetcher.requests.length).toBe(10 + 12);
  });
});

describe('agent skills', () => {
  const skillPath = '/.well-known/agent-skills/test-site/SKILL.md';

  it('passes when each skill the index lists is served as its digest says', async () => {
    const outcome = await run(agentSkillsCheck, goodSite());
    expect(outcome).toMatchObject({ fraction: 1 });
    expect(outcome.details).toBe(
      '/.well-known/agent-skills/index.json lists 1 skill; 1 checked, each served as its digest says.',
    );
  });

  it('fails a skill whose served bytes differ from its digest', async () => {
    const site = with_({
      [skillPath]: { type: 'text/markdown', body: `${skillMd}\nEdited after the index was made.\n` },
    });
    const outcome = await run(agentSkillsCheck, site);
    expect(outcome.fraction).toBe(0);
    expect(outcome.details).toContain('test-site (digest differs from the bytes served)');
  });

  it('fails a listed skill that is not served, and an index that is missing or of another version', async () => {
    const site = goodSite();
    delete site[skillPath];
    expect((await run(agentSkillsCheck, site)).details).toContain('test-site (answered 404)');
    const without = goodSite();
    delete without['/.well-known/agent-skills/index.json'];
    expect(await run(agentSkillsCheck, without)).toMatchObject({ fraction: 0 });
    const v1 = with_({
      '/.well-known/agent-skills/index.json': {
        type: 'application/json',
        body: agentSkillsIndex(skillMdDigest).replace(/"\$schema":"[^"]*",/, ''),
      },
    });
    expect(await run(agentSkillsCheck, v1)).toMatchObject({ fraction: 0 });
  });
});

describe('the ARD manifest', () => {
  it('passes when ard.json follows the ARD rules and the home page advertises it', async () => {
    expect(await run(ardManifestCheck, goodSite())).toEqual({
      fraction: 1,
      details: "/.well-known/ard.json passes ARD's rules; advertised.",
    });
  });

  it('loses a third for a manifest that breaks the rules, saying which', async () => {
    const manifest = JSON.parse(page(goodSite(), '/.well-known/ard.json').body as string);
    manifest.specVersion = 'draft';
    delete manifest.entries[0].representativeQueries;
    const outcome = await run(ardManifestCheck, with_({ '/.well-known/ard.json': JSON.stringify(manifest) }));
    expect(outcome.fraction).toBeCloseTo(2 / 3);
    expect(outcome.details).toBe(
      "/.well-known/ard.json breaks ARD's rules at specVersion, entries[0].representativeQueries; advertised.",
    );
  });

  it('loses a third when nothing advertises it, and all but that when it is missing', async () => {
    const site = goodSite();
    delete page(site, '/').headers;
    expect((await run(ardManifestCheck, site)).fraction).toBeCloseTo(2 / 3);
    const missing = with_({});
    delete missing['/.well-known/ard.json'];
    expect(await run(ardManifestCheck, missing)).toMatchObject({
      fraction: 1 / 3,
      details: '/.well-known/ard.json answered 404; advertised.',
    });
  });

  it('counts a robots.txt Agentmap line or a <link rel="ard"> as advertising', async () => {
    const robots = goodSite();
    delete page(robots, '/').headers;
    robots['/robots.txt'] = `${robots['/robots.txt']}Agentmap: ${origin}/.well-known/ard.json\n`;
    expect((await run(ardManifestCheck, robots)).fraction).toBe(1);
    const link = goodSite();
    const home = page(link, '/');
    delete home.headers;
    home.body = `${home.body}<link rel="ard ai-catalog" href="/.well-known/ard.json">`;
    expect((await run(ardManifestCheck, link)).fraction).toBe(1);
  });
});

describe('the A2A agent card', () => {
  it('passes with every field A2A requires, and names the ones missing', async () => {
    expect((await run(agentCardCheck, goodSite())).fraction).toBe(1);
    const card = JSON.parse(page(goodSite(), '/.well-known/agent-card.json').body as string);
    delete card.skills;
    delete card.version;
    expect(await run(agentCardCheck, with_({ '/.well-known/agent-card.json': JSON.stringify(card) }))).toEqual({
      fraction: 0.75,
      details: '/.well-known/agent-card.json lacks version; skills[].id,name,description.',
    });
    expect((await run(agentCardCheck, with_({ '/.well-known/agent-card.json': '{' }))).fraction).toBe(0);
  });
});

describe("the MCP registry's server.json", () => {
  it('passes for a remote server, and names each field missing', async () => {
    expect((await run(mcpRegistryServerCheck, goodSite())).fraction).toBe(1);
    const server = JSON.parse(page(goodSite(), '/.well-known/mcp/server.json').body as string);
    delete server.name;
    server.remotes = [{ type: 'streamable-http' }];
    expect(
      await run(mcpRegistryServerCheck, with_({ '/.well-known/mcp/server.json': JSON.stringify(server) })),
    ).toEqual({
      fraction: 0.6,
      details: '/.well-known/mcp/server.json lacks name; remotes[].type,url.',
    });
  });
});

describe('WebMCP declarations', () => {
  const html = (body: string): Page => ({ type: 'text/html; charset=utf-8', body });

  it('passes a search page whose form is a tool with a name, a description and described parameters', async () => {
    expect(await run(webmcpDeclarationsCheck, goodSite())).toEqual({
      fraction: 1,
      details: '/search declares the tool `search_docs`, described; 1 of 1 parameters described.',
    });
  });

  it('finds the search page where the home page’s search form leads, and takes a <label> as a description', async () => {
    const form = searchPage.replace(' toolparamdescription="A question or a few words"', '');
    const outcome = await run(
      webmcpDeclarationsCheck,
      with_({
        '/': html(`<!doctype html><form role="search" action="${origin}/find"><input name="q"></form>`),
        '/find': html(form),
        '/search': html('<!doctype html><p>Moved.'),
      }),
    );
    expect(outcome).toMatchObject({ fraction: 1, details: expect.stringMatching(/^\/find declares the tool/) });
  });

  it('fails a search form that declares no tool, and gives a third per missing part', async () => {
    const plain = searchPage.replace(/ tool\w+="[^"]*"/g, '');
    expect(await run(webmcpDeclarationsCheck, with_({ '/search': html(plain) }))).toMatchObject({
      fraction: 1 / 3,
      details: '/search has a search form with no `toolname`, without `tooldescription`; 1 of 1 parameters described.',
    });
    const unlabelled = searchPage
      .replace('<label for="q">Search terms</label>', '')
      .replace(' toolparamdescription="A question or a few words"', '')
      .replace('tooldescription="Search the docs."', '');
    const outcome = await run(webmcpDeclarationsCheck, with_({ '/search': html(unlabelled) }));
    expect(outcome.fraction).toBe(1 / 3);
    expect(outcome.details).toContain('0 of 1 parameters described (not q)');
  });

  it('fails a site with no search page or no search form on it', async () => {
    const site = goodSite();
    delete site['/search'];
    expect(await run(webmcpDeclarationsCheck, site)).toEqual({
      fraction: 0,
      details: 'The search page /search answered 404.',
    });
    expect(await run(webmcpDeclarationsCheck, with_({ '/search': html('<!doctype html><p>No form.') }))).toEqual({
      fraction: 0,
      details: '/search has no search form.',
    });
  });
});
