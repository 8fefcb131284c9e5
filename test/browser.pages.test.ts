import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { searchRoots } from '../src/shared/search/index-format.js';
import { searchSite } from '../src/shared/search/search-site.js';
import { startBrowserSite, type BrowserSite } from './helpers/browser-site.js';
import { visitPage, type PageVisit } from './helpers/page-visit.js';

// Issue #7: every page of the default build, read in a real browser through `agentdir serve`.
// Each page is visited once; the tests then judge what the visits recorded.

let site: BrowserSite;
let page: Page;
const visits = new Map<string, PageVisit>();

/** The JSON variant whose outline anchors must resolve on an HTML page, if the page has one. */
function jsonVariantOf(path: string): string | undefined {
  const match = /^\/(resources|articles)\/([^/]+)$/.exec(path);
  return match ? `/api/${match[1]}/${match[2]}.json` : undefined;
}

/** The base URL canonical links use: site.yaml's, not the address the test serves from. */
async function canonicalBase(): Promise<string> {
  const index = (await (await fetch(`${site.origin}/api/resources.json`)).json()) as { url: string };
  return index.url.replace(/\/$/, '');
}

async function outlineAnchors(path: string): Promise<string[]> {
  const json = jsonVariantOf(path);
  if (!json) return [];
  const response = await fetch(`${site.origin}${json}`);
  const { outline } = (await response.json()) as { outline?: { anchor: string }[] };
  return (outline ?? []).map((item) => item.anchor);
}

beforeAll(async () => {
  site = await startBrowserSite();
  page = await site.browser.context.newPage();
  for (const path of site.pages) visits.set(path, await visitPage(page, site.origin, path, await outlineAnchors(path)));
}, 300_000);

afterAll(async () => {
  await site?.close();
});

describe('every page of the default build in a browser', () => {
  it('has a page of every kind: home, resources, guides, clusters, paths, categories, tags, search, 404', () => {
    const kinds = [
      '/',
      '/404.html',
      '/search',
      '/resources/',
      '/articles/',
      '/guides/',
      '/paths/',
      '/categories/',
      '/tags/',
    ];
    for (const kind of kinds)
      expect(
        site.pages.some((path) => (kind.endsWith('/') && kind !== '/' ? path.startsWith(kind) : path === kind)),
        kind,
      ).toBe(true);
    expect(site.pages.length).toBeGreaterThan(200);
  });

  it('loads every page with 200, no console error and no request off this machine', () => {
    const failures = [...visits.values()]
      .filter((visit) => visit.status !== 200 || visit.consoleErrors.length > 0)
      .map(({ path, status, consoleErrors }) => ({ path, status, consoleErrors }));
    expect(failures).toEqual([]);
    expect(site.browser.externalRequests).toEqual([]);
  });

  it('resolves every internal link (premium resources answer 402) and every #fragment on a visited page', async () => {
    const premiumPath = new RegExp(`^/(?:api/)?resources/(?:${[...site.premiumSlugs].join('|')})(?:\\.md|\\.json)?/?$`);
    const targets = new Map<string, string>();
    const brokenFragments: string[] = [];
    for (const visit of visits.values()) {
      for (const href of visit.links) {
        const url = new URL(href);
        if (url.origin !== site.origin) continue;
        targets.set(url.pathname, visit.path);
        const target = visits.get(url.pathname.replace(/\/$/, '') || '/');
        const fragment = decodeURIComponent(url.hash.slice(1));
        if (fragment && target && !target.ids.has(fragment))
          brokenFragments.push(`${visit.path} -> ${url.pathname}${url.hash}`);
      }
    }
    const broken: string[] = [];
    for (const [pathname, from] of targets) {
      const response = await fetch(`${site.origin}${pathname}`);
      await response.arrayBuffer();
      const expected = response.status < 400 || (response.status === 402 && premiumPath.test(pathname));
      if (!expected) broken.push(`${from} -> ${pathname}: ${response.status}`);
    }
    expect(targets.size).toBeGreaterThan(300);
    expect(broken).toEqual([]);
    expect(brokenFragments).toEqual([]);
  });

  it('scrolls to an element with the id of every outline anchor of the JSON variants', () => {
    const pagesWithOutline = [...visits.values()].filter((visit) => jsonVariantOf(visit.path));
    expect(pagesWithOutline.length).toBeGreaterThan(100);
    const unreachable = pagesWithOutline
      .filter((visit) => visit.unreachableAnchors.length)
      .map(({ path, unreachableAnchors }) => ({ path, unreachableAnchors }));
    expect(unreachable).toEqual([]);
  });

  it('gives every page a title, description, canonical URL, Markdown alternate, license link, Open Graph title and the one hashed stylesheet', async () => {
    const base = await canonicalBase();
    const stylesheets = new Set<string>();
    const problems: string[] = [];
    for (const { path, facts } of visits.values()) {
      const check = (ok: boolean, what: string) => ok || problems.push(`${path}: ${what}`);
      check(
        facts.title.length > 0 && !!facts.description && !!facts.ogTitle && !!facts.license,
        'title, description, og:title and license link',
      );
      check(facts.stylesheets.length === 1, `one stylesheet, not ${facts.stylesheets.length}`);
      for (const stylesheet of facts.stylesheets) stylesheets.add(stylesheet);
      if (path === '/404.html') {
        check(
          facts.canonical === null && facts.robots === 'noindex',
          'the 404 page is noindex, without a canonical URL',
        );
        continue;
      }
      const canonical = path === '/' ? `${base}/` : `${base}${path}`;
      check(facts.canonical === canonical, `canonical ${facts.canonical}, expected ${canonical}`);
      // The home page, documents, guide clusters and learning paths have their own .md; other listings point at llms.txt.
      const markdown =
        path === '/'
          ? `${base}/index.md`
          : jsonVariantOf(path) || /^\/(guides|paths)\/[^/]+$|\/preview$/.test(path)
            ? `${canonical}.md`
            : `${base}/llms.txt`;
      check(
        facts.markdownAlternate === markdown,
        `Markdown alternate ${facts.markdownAlternate}, expected ${markdown}`,
      );
    }
    expect(problems).toEqual([]);
    expect([...stylesheets]).toEqual([expect.stringMatching(/^\/assets\/site\.[0-9a-f]{8}\.css$/)]);
  });

  it('describes every page in JSON-LD that parses and agrees with what the page shows', () => {
    const expectedTypes = (path: string) =>
      path === '/'
        ? ['WebSite', 'Organization']
        : jsonVariantOf(path)
          ? ['TechArticle', 'BreadcrumbList']
          : path === '/search'
            ? ['SearchResultsPage', 'BreadcrumbList']
            : path === '/404.html'
              ? []
              : /\/preview$/.test(path)
                ? ['WebPage', 'BreadcrumbList']
                : ['CollectionPage', 'BreadcrumbList'];
    const problems: string[] = [];
    for (const { path, facts } of visits.values()) {
      const check = (ok: boolean, what: string) => ok || problems.push(`${path}: ${what}`);
      let nodes: Record<string, any>[];
      try {
        nodes = facts.jsonLd.flatMap((text) => (JSON.parse(text) as { '@graph': Record<string, any>[] })['@graph']);
      } catch (error) {
        problems.push(`${path}: JSON-LD does not parse: ${String(error)}`);
        continue;
      }
      check(
        JSON.stringify(nodes.map((node) => node['@type'])) === JSON.stringify(expectedTypes(path)),
        `types ${nodes.map((node) => node['@type']).join(', ')}`,
      );
      const trail = nodes.find((node) => node['@type'] === 'BreadcrumbList');
      if (trail)
        check(
          JSON.stringify(trail.itemListElement.map((item: { name: string }) => item.name)) ===
            JSON.stringify(facts.breadcrumbs),
          'BreadcrumbList names differ from the visible breadcrumbs',
        );
      const article = nodes.find((node) => node['@type'] === 'TechArticle');
      if (article)
        check(article.headline === facts.h1, `headline "${article.headline}" differs from the h1 "${facts.h1}"`);
      const collection = nodes.find((node) => node['@type'] === 'CollectionPage');
      if (collection) {
        check(collection.name === facts.h1, `name "${collection.name}" differs from the h1 "${facts.h1}"`);
        check(
          collection.mainEntity.numberOfItems === facts.listedItems,
          `ItemList of ${collection.mainEntity.numberOfItems}, page lists ${facts.listedItems}`,
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists premium resources with their price, a way to buy and the access terms, never a link to their body', async () => {
    const index = (await (await fetch(`${site.origin}/api/resources.json`)).json()) as {
      resources: {
        slug: string;
        category: string;
        premium: boolean;
        price?: number;
        currency?: string;
        checkout_url?: string;
      }[];
    };
    const premium = index.resources.filter((resource) => resource.premium);
    for (const category of new Set(premium.map((resource) => resource.category))) {
      await visitPage(page, site.origin, `/categories/${category}`);
      const inCategory = premium.filter((resource) => resource.category === category);
      const items = page.locator('li.item-premium');
      expect(await items.count()).toBe(inCategory.length);
      for (const [index, resource] of inCategory.entries()) {
        const item = items.nth(index);
        expect(await item.textContent()).toContain(`(premium, ${resource.price} ${resource.currency})`);
        expect(await item.locator(`a[href="${resource.checkout_url}"]`).count()).toBe(1);
        expect(await item.locator('a[href="/resources/access-and-pricing"]').count()).toBe(1);
        expect(await item.locator(`a[href^="/resources/${resource.slug}"]`).count()).toBe(0);
      }
    }
  });

  it('answers an unknown address with the 404 page', async () => {
    const visit = await visitPage(page, site.origin, '/no/such/page');
    expect(visit.status).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Page not found');
    // The only error is the browser's note that the document itself answered 404.
    expect(visit.consoleErrors.filter((error) => !error.includes('404'))).toEqual([]);
  });

  it('shows a premium resource to a key holder with the same layout and stylesheet, served by the worker', async () => {
    const slug = [...site.premiumSlugs].sort()[0]!;
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${site.starterKey}` });
    try {
      const visit = await visitPage(page, site.origin, `/resources/${slug}`);
      expect(visit.status).toBe(200);
      expect(visit.consoleErrors).toEqual([]);
      expect(await page.locator('link[rel="stylesheet"]').getAttribute('href')).toMatch(
        /^\/assets\/site\.[0-9a-f]{8}\.css$/,
      );
      expect(await page.locator('nav.toc a').count()).toBeGreaterThan(0);
      expect(await page.locator('.notice').textContent()).toContain('access key');
    } finally {
      await page.setExtraHTTPHeaders({});
    }
    expect((await fetch(`${site.origin}/resources/${slug}`)).status).toBe(402);
  });

  it('searches every word in the browser as the MCP search does, with the section that matched, premium ones with price and a way to buy', async () => {
    const reader = { json: async <T>(path: string) => (await (await fetch(`${site.origin}${path}`)).json()) as T };
    for (const query of ['mcp server authentication', 'json api formats', 'how do I stop retrying after a 429?']) {
      const expected = (await searchSite(reader, query, { root: searchRoots.people, limit: 20 })).hits;
      const visit = await visitPage(page, site.origin, `/search?q=${encodeURIComponent(query)}`);
      await page.locator('#search-results li').first().waitFor();
      expect(visit.consoleErrors).toEqual([]);
      expect(
        await page
          .locator('#search-results > li')
          .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.slug)),
      ).toEqual(expected.map((row) => row.slug));
      expect(await page.locator('#search-status').textContent()).toContain(`${expected.length} best matches`);
      for (const row of expected) {
        const item = page.locator(`#search-results > li[data-slug="${row.slug}"]`);
        if (row.premium) {
          expect(await item.locator('.premium-price').textContent()).toMatch(/^\(premium, \d+ [A-Z]{3}\)$/);
          expect(await item.locator('a[href^="https://"]').count()).toBe(1);
          expect(await item.locator('a[href="/resources/access-and-pricing"]').count()).toBe(1);
        } else {
          expect(await item.locator('.item-title a').getAttribute('href')).toMatch(/^\/(resources|articles)\//);
          if (row.passage?.anchor)
            expect(await item.locator('.item-passage a').getAttribute('href')).toBe(
              `${new URL(row.url).pathname}#${row.passage.anchor}`,
            );
        }
      }
      if (query.includes('json')) expect(expected.some((row) => row.premium)).toBe(true);
    }
  });
});
