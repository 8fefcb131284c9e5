import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from './helpers/browser.js';
import { buildFixture } from './helpers/build-fixture.js';
import { fixturesDir } from './helpers/fixtures.js';
import { shardOf } from '../src/shared/search/index-format.js';

// Adversarial review: the search page's script writes hrefs from fetched data (the full-text index,
// the premium offers). Whatever that data says, no result may link to `javascript:` or off the site.

/** Where the page is served: fulfilled from the build by the test, never contacted. */
const origin = 'http://127.0.0.1:9';

interface Row {
  slug: string;
  title: string;
  url: string;
  markdown: string;
  premium: boolean;
}

let browser: TestBrowser;
let page: Page;
let publicDir: string;
let rows: Row[];
const dialogs: string[] = [];

/** The search page, with its offers and its "how access works" link turned hostile. */
function hostileSearchPage(): string {
  return fs
    .readFileSync(path.join(publicDir, 'search', 'index.html'), 'utf8')
    .replace(/"checkout_url":"[^"]*"/g, '"checkout_url":"javascript:alert(\\"checkout\\")"')
    .replace(/data-access-href="[^"]*"/, 'data-access-href="JaVa&#9;Script:alert(&quot;access&quot;)"');
}

/**
 * The full-text index turned hostile: every document titled "Hostile …", found by the word
 * "hostile" in its head and in its first section (whose heading and anchor attack too), each URL a
 * different attack.
 */
function hostileIndex(): Map<string, string> {
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(publicDir, file), 'utf8'));
  const meta = read('api/search/meta.json') as { documents: number; chunkSize: number; shards: number };
  const attacks = [
    { url: 'javascript:alert("url")', markdown: ' JaVa\tScRiPt:alert("markdown")' },
    { url: 'data:text/html,<script>alert("url")</script>', markdown: 'vbscript:alert("markdown")' },
    { url: 'https://site.example//evil.example/steal', markdown: '\\\\evil.example/steal' },
  ];
  const files = new Map<string, string>();
  rows = [];
  for (let chunk = 0; chunk * meta.chunkSize < meta.documents; chunk++) {
    const documents = (read(`api/search/docs/${chunk}.json`) as Row[]).map((row, index) => {
      const number = chunk * meta.chunkSize + index;
      return {
        ...row,
        title: `Hostile ${row.title}`,
        ...attacks[number % attacks.length],
        sections: [['Hostile heading', 'x"><img src=x onerror=alert("anchor")>']],
      };
    });
    rows.push(...documents);
    files.set(`/api/search/docs/${chunk}.json`, JSON.stringify(documents));
  }
  const term = 'hostil';
  const shard = shardOf(term, meta.shards);
  const postings = rows.flatMap((row, number) => [number, 0, 5, 10, ...(row.premium ? [] : [number, 1, 1, 10])]);
  files.set(
    `/api/search/terms/${shard}.json`,
    (() => {
      const file = read(`api/search/terms/${shard}.json`) as { postings: Record<string, number[]> };
      return JSON.stringify({ ...file, postings: { ...file.postings, [term]: postings } });
    })(),
  );
  return files;
}

beforeAll(async () => {
  publicDir = path.join((await buildFixture(path.join(fixturesDir, 'minimal'))).outDir, 'public');
  browser = await launchBrowser();
  page = await browser.context.newPage();
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const searchPage = hostileSearchPage();
  const index = hostileIndex();
  expect(index.size).toBeGreaterThan(1);
  await page.route(`${origin}/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/search') return route.fulfill({ contentType: 'text/html', body: searchPage });
    const hostile = index.get(pathname);
    if (hostile) return route.fulfill({ contentType: 'application/json', body: hostile });
    const file = path.join(publicDir, pathname);
    if (file.startsWith(publicDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile())
      return route.fulfill({ path: file });
    return route.fulfill({ status: 404, body: 'not found' });
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

describe('search results link only to this site and to http(s) checkouts, whatever the index says', () => {
  let anchors: { slug: string; href: string | null; text: string; className: string }[];

  beforeAll(async () => {
    await page.goto(`${origin}/search?q=hostile`);
    await page.locator('#search-results > li').first().waitFor();
    anchors = await page.locator('#search-results a').evaluateAll((elements) =>
      elements.map((element) => ({
        slug: (element.closest('li') as HTMLElement).dataset.slug ?? '',
        href: element.getAttribute('href'),
        text: element.textContent ?? '',
        className: element.className,
      })),
    );
  });

  it('lists every hostile row, premium ones with their offer', async () => {
    expect(await page.locator('#search-results > li').count()).toBe(rows.length);
    expect(rows.some((row) => row.premium)).toBe(true);
    expect(anchors.length).toBeGreaterThan(rows.length);
  });

  it('writes no href of a scheme other than http or https', () => {
    for (const anchor of anchors.filter((anchor) => anchor.href !== null)) {
      expect(['http:', 'https:'], JSON.stringify(anchor)).toContain(new URL(anchor.href!, `${origin}/search`).protocol);
    }
  });

  it('links result titles and Markdown variants only to pages of the serving host', () => {
    for (const anchor of anchors.filter((anchor) => anchor.className !== 'button' && anchor.href !== null)) {
      expect(new URL(anchor.href!, `${origin}/search`).origin, JSON.stringify(anchor)).toBe(origin);
    }
    const offSite = rows.find((row) => row.url.includes('evil.example') && !row.premium)!;
    expect(anchors.find((anchor) => anchor.slug === offSite.slug && anchor.text === offSite.title)?.href).toBe(
      '/evil.example/steal',
    );
  });

  it('keeps the text of a refused link, without a target', () => {
    const refused = rows.find((row) => row.url.startsWith('javascript:') && !row.premium)!;
    expect(anchors.find((anchor) => anchor.slug === refused.slug && anchor.text === refused.title)).toMatchObject({
      href: null,
    });
    const buy = anchors.filter((anchor) => anchor.className === 'button');
    expect(buy.length).toBeGreaterThan(0);
    for (const anchor of buy)
      expect(anchor).toMatchObject({ href: null, text: expect.stringContaining('Buy an access key') });
    for (const anchor of anchors.filter((anchor) => anchor.text === 'How premium access works'))
      expect(anchor.href).toBeNull();
  });

  it('runs no script when a result link that does not lead to a page is clicked', async () => {
    const inert = page.locator('#search-results a:not([href^="/"]):not([href^="http:"]):not([href^="https:"])');
    expect(await inert.count()).toBeGreaterThan(0);
    for (const link of await inert.all()) await link.click({ timeout: 5_000 });
    expect(dialogs).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/search');
  });
});
