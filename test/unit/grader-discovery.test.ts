import { describe, expect, it } from 'vitest';
import { checkContext } from '../../src/grader/check.js';
import { foreignLinkOrigin } from '../../src/grader/checks/link-origin.js';
import { markdownVariantsCheck } from '../../src/grader/checks/markdown-variants.js';
import { sitemapCheck } from '../../src/grader/checks/sitemap.js';
import { checks, gradeSite } from '../../src/grader/grade.js';
import { letterGrade } from '../../src/grader/report.js';
import { contextFor, goodSite, memoryFetcher, origin, sitemapXml, type SiteMap } from './grader-site.js';

const xml = (body: string) => ({ type: 'application/xml', body });
const md = (body = '# Page\n\nText.') => ({ type: 'text/markdown', body });
const llms = (...links: string[]) => `# S\n\n> s\n\n## Links\n\n${links.map((link) => `- [x](${link})`).join('\n')}\n`;

describe('sitemap', () => {
  it('passes with the sitemap robots.txt names', async () => {
    const site: SiteMap = {
      ...goodSite(),
      '/robots.txt': `User-agent: *\nSitemap: ${origin}/maps/main.xml\n`,
      '/maps/main.xml': xml(sitemapXml('/a', '/b')),
    };
    delete site['/sitemap.xml'];
    expect(await sitemapCheck.run(contextFor(site))).toEqual({
      fraction: 1,
      details: `${origin}/maps/main.xml lists 2 URLs.`,
    });
  });

  it('falls back to /sitemap.xml, then /sitemap-index.xml', async () => {
    expect((await sitemapCheck.run(contextFor({ '/sitemap.xml': xml(sitemapXml('/a')) }))).fraction).toBe(1);
    const index = `<sitemapindex><sitemap><loc>${origin}/s1.xml</loc></sitemap></sitemapindex>`;
    const outcome = await sitemapCheck.run(
      contextFor({ '/sitemap-index.xml': xml(index), '/s1.xml': xml(sitemapXml('/a', '/b', '/c')) }),
    );
    expect(outcome).toEqual({
      fraction: 1,
      details: '/sitemap-index.xml is an index of 1 sitemap; the first lists 3 URLs.',
    });
  });

  it('gives half for an index whose first sitemap is missing or empty', async () => {
    const index = `<sitemapindex><sitemap><loc>${origin}/gone.xml</loc></sitemap></sitemapindex>`;
    const outcome = await sitemapCheck.run(contextFor({ '/sitemap.xml': xml(index) }));
    expect(outcome.fraction).toBe(0.5);
    expect(outcome.action).toBeTruthy();
  });

  it('fails without a sitemap, with one listing no URLs, or with HTML at the sitemap path', async () => {
    const cases: SiteMap[] = [
      {},
      { '/sitemap.xml': xml('<urlset></urlset>') },
      { '/sitemap.xml': { type: 'text/html', body: '<!doctype html><p>Home' } },
    ];
    for (const pages of cases) {
      const outcome = await sitemapCheck.run(contextFor(pages));
      expect(outcome.fraction).toBe(0);
      expect(outcome.details).toMatch(/^No sitemap found \(/);
    }
  });

  it('reads a sitemap named at the origin llms.txt links to at the same path here', async () => {
    const deployed = 'https://deployed.example';
    const site = {
      '/llms.txt': llms(`${deployed}/a.md`, `${deployed}/b.md`),
      '/robots.txt': `User-agent: *\nSitemap: ${deployed}/custom-map.xml\n`,
      '/custom-map.xml': xml(sitemapXml('/a')),
    };
    expect((await sitemapCheck.run(contextFor(site))).fraction).toBe(1);
  });
});

describe('markdown variants', () => {
  it('passes when the sampled .md links of llms.txt answer as Markdown', async () => {
    const outcome = await markdownVariantsCheck.run(contextFor(goodSite()));
    expect(outcome).toEqual({
      fraction: 1,
      details: '6 of 7 llms.txt links are .md; 5 of 5 sampled answer 200 as Markdown (or 402 behind payment).',
    });
  });

  it('counts a 402 as a variant behind payment, and a 404 or an HTML page as none', async () => {
    const site = {
      '/llms.txt': llms('/a.md', '/b.md', '/c.md', '/d.md'),
      '/a.md': md(),
      '/b.md': { status: 402, type: 'application/json', body: '{"error":"payment_required"}' },
      '/c.md': { type: 'text/html', body: '<!doctype html><p>shell' },
    };
    const outcome = await markdownVariantsCheck.run(contextFor(site));
    expect(outcome.fraction).toBe(0.5);
    expect(outcome.details).toContain('2 of 4 sampled');
  });

  it('samples only the first five .md links', async () => {
    const links = ['/1.md', '/2.md', '/3.md', '/4.md', '/5.md', '/6.md'];
    const fetcher = memoryFetcher({
      '/llms.txt': llms(...links),
      ...Object.fromEntries(links.slice(0, 5).map((link) => [link, md()])),
    });
    expect((await markdownVariantsCheck.run(checkContext(origin, fetcher))).fraction).toBe(1);
    expect(fetcher.asked).not.toContain(`${origin}/6.md`);
  });

  it('reads the pages of an llms.txt that is an index of section files', async () => {
    const site = {
      '/llms.txt': llms('/llms/protocols.txt', '/llms/payments.txt', '/'),
      '/llms/protocols.txt': llms('/resources/a.md', '/resources/b.md'),
      '/resources/a.md': md(),
      '/resources/b.md': md(),
    };
    const outcome = await markdownVariantsCheck.run(contextFor(site));
    expect(outcome).toEqual({
      fraction: 1,
      details: '2 of 5 llms.txt links are .md; 2 of 2 sampled answer 200 as Markdown (or 402 behind payment).',
    });
  });

  it('gives half when llms.txt links HTML pages that have .md copies, none when they do not', async () => {
    const pages = { '/llms.txt': llms('/guide/', '/other'), '/guide.md': md() };
    expect((await markdownVariantsCheck.run(contextFor(pages))).fraction).toBe(0.5);
    const without = await markdownVariantsCheck.run(contextFor({ '/llms.txt': llms('/guide/', '/other') }));
    expect(without.fraction).toBe(0);
  });

  it('fails without llms.txt, and when it links no page of this origin', async () => {
    expect((await markdownVariantsCheck.run(contextFor({}))).fraction).toBe(0);
    const mixed = {
      '/llms.txt': llms('/local-page', 'https://elsewhere.example/x.md', 'mailto:a@b.example'),
      '/local-page.md': md(),
    };
    // The own page wins, so the foreign .md link is not judged at all.
    expect((await markdownVariantsCheck.run(contextFor(mixed))).fraction).toBe(0.5);
  });

  it('judges links to the origin llms.txt names by their paths on the graded origin', async () => {
    const pages = {
      '/llms.txt': llms('https://deployed.example/a.md', 'https://deployed.example/b.md'),
      '/a.md': md(),
      '/b.md': md(),
    };
    const outcome = await markdownVariantsCheck.run(contextFor(pages));
    expect(outcome.fraction).toBe(1);
    expect(outcome.details).toContain('https://deployed.example');
  });

  it('finds the origin most links name, unless one names the graded origin', () => {
    const links = ['https://a.example/1', 'https://b.example/1', 'https://b.example/2', 'relative/not-absolute'];
    expect(foreignLinkOrigin(['https://a.example/1', 'https://b.example/1', 'https://b.example/2'], origin)).toBe(
      'https://b.example',
    );
    expect(foreignLinkOrigin(links, origin)).toBeNull();
    expect(foreignLinkOrigin(['mailto:x@y.example'], origin)).toBeNull();
  });
});

describe('gradeSite', () => {
  it('weighs the six checks to 100', () => {
    expect(checks.map((check) => check.id)).toEqual([
      'robots-txt',
      'llms-txt',
      'sitemap',
      'homepage',
      'rsl-license',
      'markdown-variants',
    ]);
    expect(checks.reduce((sum, check) => sum + check.weight, 0)).toBe(100);
  });

  it('gives a good site 100 and an A, with no recommendation', async () => {
    const report = await gradeSite(`${origin}/some/page`, memoryFetcher(goodSite()));
    expect([report.url, report.score, report.grade]).toEqual([`${origin}/`, 100, 'A']);
    expect(report.checks.every((check) => check.passed && check.score === check.weight)).toBe(true);
    expect(report.recommendations).toEqual([]);
  });

  it('gives an empty site 0 and an F, high priorities first', async () => {
    const report = await gradeSite(origin, memoryFetcher({}));
    expect([report.score, report.grade]).toEqual([0, 'F']);
    // The six core checks' first; the extended checks' after them, never above.
    expect(report.recommendations.slice(0, 6).map((item) => item.priority)).toEqual([
      'high',
      'high',
      'high',
      'high',
      'high',
      'high',
    ]);
    expect(report.recommendations.slice(6).map((item) => item.check)).toEqual(
      report.extended.checks.filter((check) => !check.passed).map((check) => check.id),
    );
  });

  it('rounds partial scores per check and orders recommendations by priority', async () => {
    const site: SiteMap = {
      ...goodSite(),
      '/robots.txt': 'User-agent: *\n',
      '/llms.txt': '# Site\n\n> Summary.\n\n## Docs\n\n- [A](/docs/quick-start.md)\n',
    };
    const report = await gradeSite(origin, memoryFetcher(site));
    const scores = Object.fromEntries(report.checks.map((check) => [check.id, check.score]));
    // robots 15 x 0.5 = 7.5 -> 8; llms.txt 25 x 0.75 = 18.75 -> 19; the sitemap is still found at /sitemap.xml.
    expect(scores).toEqual({
      'robots-txt': 8,
      'llms-txt': 19,
      sitemap: 15,
      homepage: 15,
      'rsl-license': 15,
      'markdown-variants': 15,
    });
    expect(report.score).toBe(87);
    expect(report.grade).toBe('B');
    expect(report.recommendations.map((item) => [item.check, item.priority])).toEqual([
      ['robots-txt', 'low'],
      ['llms-txt', 'low'],
      // Extended: robots.txt lost its Content-Signal line, and llms.txt links one of the six sitemap pages.
      ['content-signal', 'medium'],
      ['llms-txt-coverage', 'low'],
    ]);
  });

  it('puts the origin mismatch first when llms.txt links another origin', async () => {
    const site = {
      ...goodSite(),
      '/llms.txt': (goodSite()['/llms.txt'] as string).replaceAll(origin, 'https://deployed.example'),
    };
    const report = await gradeSite(origin, memoryFetcher(site));
    expect(report.recommendations[0]).toMatchObject({ check: 'llms-txt', priority: 'high' });
    expect(report.recommendations[0]!.action).toContain('https://deployed.example');
  });

  it('fetches each URL once per Accept per grading', async () => {
    const fetcher = memoryFetcher(goodSite());
    await gradeSite(origin, fetcher);
    expect(fetcher.requests.length).toBe(new Set(fetcher.requests).size);
    expect(fetcher.asked).toContain(`${origin}/llms.txt`);
  });

  it.each([
    [100, 'A'],
    [90, 'A'],
    [89, 'B'],
    [80, 'B'],
    [70, 'C'],
    [60, 'D'],
    [59, 'F'],
    [0, 'F'],
  ])('letter grade of %i is %s', (score, grade) => {
    expect(letterGrade(score)).toBe(grade);
  });
});
