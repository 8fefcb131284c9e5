import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../scripts/bench/generate.mjs';
import { buildFixture, testEpoch } from './helpers/build-fixture.js';
import { copyFixture, readTree, tempDir } from './helpers/fixtures.js';
import { runCli } from './helpers/run-cli.js';
import { eventually, startWatchServer, type WatchServer } from './helpers/watch-server.js';

// Category and tag pages are cut into pages of site.yaml `listing.page_size` (README: Listing
// pages): page 1 at the listing's own address, then /<listing>/page/<n>, linked both ways. A title
// edit renders again only the one page of each listing that shows the resource.

const pageSize = 20;
const base = 'https://bench.example';
let content = '';
let dist = '';
let pub = '';

interface Listing {
  /** The listing's own address, page 1. */
  home: string;
  /** Every page of it, in order, as /resources/<slug> and /articles/<slug>. */
  documents: string[];
}

const categoryListings = (): Listing[] =>
  (
    JSON.parse(fs.readFileSync(path.join(pub, 'api', 'categories.json'), 'utf8')) as {
      categories: { id: string; resources: string[] }[];
    }
  ).categories.map((category) => ({
    home: `/categories/${category.id}`,
    documents: category.resources.map((slug) => `/resources/${slug}`),
  }));

/** Tags as tags.json lists their resources; the guides, which it does not list, are the generated ones tagged `tag-1`. */
const tagListings = (): Listing[] =>
  (
    JSON.parse(fs.readFileSync(path.join(pub, 'api', 'tags.json'), 'utf8')) as {
      tags: { tag: string; resources: string[] }[];
    }
  ).tags.map((entry) => ({
    home: `/tags/${entry.tag}`,
    documents: [
      ...entry.resources.map((slug) => `/resources/${slug}`),
      ...(entry.tag === 'tag-1' ? guides.map((slug) => `/articles/${slug}`) : []),
    ],
  }));

const guides = ['guide-0-0', 'guide-0-1', 'guide-0-2'];

const pageAt = (listing: string, number: number) => (number === 1 ? listing : `${listing}/page/${number}`);
const pageFile = (dir: string, pagePath: string) => path.join(dir, 'public', pagePath, 'index.html');
const read = (pagePath: string) => fs.readFileSync(pageFile(dist, pagePath), 'utf8');

/** The documents a listing page shows as cards, in order: its JSON-LD item list, each card once. */
function cards(html: string): string[] {
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
  const graph = (
    JSON.parse(json) as { '@graph': { '@type': string; mainEntity?: { itemListElement: { url: string }[] } }[] }
  )['@graph'];
  const list = graph.find((node) => node['@type'] === 'CollectionPage')?.mainEntity?.itemListElement ?? [];
  expect(html.match(/<li class="item[ "]/g)?.length ?? 0).toBe(list.length);
  return list.map((item) => new URL(item.url).pathname);
}

const headLink = (html: string, rel: string) =>
  new RegExp(`<link rel="${rel}" href="([^"]+)">`).exec(html.slice(0, html.indexOf('</head>')))?.[1];

/** Every listing page of a build folder, by path under public/, with its bytes. */
function listingPages(dir: string): Map<string, string> {
  return new Map(
    [...readTree(path.join(dir, 'public'))]
      .filter(([name]) => /^(categories|tags)\//.test(name))
      .map(([name, bytes]) => [name, bytes.toString('utf8')]),
  );
}

beforeAll(async () => {
  content = path.join(tempDir(), 'content');
  generate(content, { shape: 'zach', resources: 1000, clusters: 1, articlesPerCluster: guides.length });
  fs.appendFileSync(path.join(content, 'site.yaml'), `\nlisting:\n  page_size: ${pageSize}\n`);
  // The guides carry a tag too, so one tag lists resources and guides.
  for (const slug of guides) {
    const file = path.join(content, 'articles', 'cluster-000', `${slug}.md`);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^published:/m, 'tags: [tag-1]\npublished:'));
  }
  dist = (await buildFixture(content)).outDir;
  pub = path.join(dist, 'public');
}, 300_000);

describe('listing pages of a 1,000-resource site, 20 to a page', () => {
  it.each([
    ['category', categoryListings],
    ['tag', tagListings],
  ] as const)(
    'cut each %s into pages at /<listing>/page/<n>, page 1 at its own address, every document on one',
    (_, listings) => {
      const all = listings();
      expect(all.length).toBeGreaterThan(5);
      for (const { home, documents } of all) {
        const pages = Math.ceil(documents.length / pageSize);
        expect(pages, home).toBeGreaterThan(1);
        const shown = Array.from({ length: pages }, (_, index) => cards(read(pageAt(home, index + 1))));
        expect(shown.map((page) => page.length)).toEqual(
          Array.from({ length: pages }, (_, index) => Math.min(pageSize, documents.length - index * pageSize)),
        );
        expect(shown.flat(), home).toEqual(documents);
        expect(fs.existsSync(pageFile(dist, `${home}/page/1`)), home).toBe(false);
        expect(fs.existsSync(pageFile(dist, pageAt(home, pages + 1))), home).toBe(false);
      }
    },
  );

  it('link each page to the previous and next one, in the head and on the page, each canonical to itself', () => {
    const { home, documents } = categoryListings().find((listing) => listing.home === '/categories/protocols')!;
    const pages = Math.ceil(documents.length / pageSize);
    expect(pages).toBe(5);
    for (let number = 1; number <= pages; number++) {
      const html = read(pageAt(home, number));
      const prev = number > 1 ? pageAt(home, number - 1) : undefined;
      const next = number < pages ? pageAt(home, number + 1) : undefined;
      expect(headLink(html, 'canonical')).toBe(`${base}${pageAt(home, number)}`);
      expect(headLink(html, 'prev')).toBe(prev && `${base}${prev}`);
      expect(headLink(html, 'next')).toBe(next && `${base}${next}`);
      const nav = /<nav class="pagination"[^>]*>.*?<\/nav>/s.exec(html)?.[0] ?? '';
      expect(nav).toContain(`Page ${number} of ${pages}`);
      expect(nav.includes(`<a href="${prev}" rel="prev">`)).toBe(Boolean(prev));
      expect(nav.includes(`<a href="${next}" rel="next">`)).toBe(Boolean(next));
      // Each page its own title, so no two read as duplicates.
      expect(html).toContain(`<title>Protocols (page ${number} of ${pages}) · Benchmark Directory</title>`);
    }
  });

  it('leave the sitemap and llms.txt as they were: every document once, no listing page', () => {
    const sitemap = fs.readFileSync(path.join(pub, 'sitemap-0.xml'), 'utf8');
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(pages.filter((page) => /^\/(categories|tags)\//.test(page))).toEqual([]);
    const llms = fs.readFileSync(path.join(pub, 'llms.txt'), 'utf8');
    const sections = fs.existsSync(path.join(pub, 'llms'))
      ? fs.readdirSync(path.join(pub, 'llms')).map((name) => fs.readFileSync(path.join(pub, 'llms', name), 'utf8'))
      : [];
    const listed = [llms, ...sections].join('\n');
    expect(listed).not.toMatch(/\/(categories|tags)\//);
    // The sitemap lists the pages llms.txt does, each document once.
    for (const page of pages.filter((page) => page !== '/')) expect(listed, page).toContain(`${base}${page}.md)`);
    expect(new Set(pages).size).toBe(pages.length);
    const index = JSON.parse(fs.readFileSync(path.join(pub, 'api', 'search-index.json'), 'utf8')) as { count: number };
    expect(index.count).toBe(1000 + guides.length);
  });
});

describe('site.yaml `listing.page_size`', () => {
  it('is refused unless a whole number from 1 to 500, located in site.yaml', () => {
    const site = copyFixture('minimal');
    fs.appendFileSync(path.join(site, 'site.yaml'), '\nlisting:\n  page_size: 0\n');
    const line = fs.readFileSync(path.join(site, 'site.yaml'), 'utf8').split('\n').indexOf('  page_size: 0') + 1;
    const result = runCli(path.dirname(site), ['validate', path.basename(site)]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`site.yaml:${line}:14`);
    expect(result.stderr).toContain('page_size');
  });
});

describe('serve --watch, a title edit on a paginated site', () => {
  let server: WatchServer;
  afterAll(async () => {
    await server?.close();
  });

  it('serves from memory, then rewrites only the one page of each listing that shows it, as a fresh build makes them', async () => {
    const slug = 'res-00450';
    const title = 'Resource 450, retitled while watching';
    const document = `/resources/${slug}`;
    const showing = [...categoryListings(), ...tagListings()]
      .filter((listing) => listing.documents.includes(document))
      .map((listing) => pageAt(listing.home, Math.floor(listing.documents.indexOf(document) / pageSize) + 1));
    // Its category, on page 3, and its three tags.
    expect(showing).toHaveLength(4);
    expect(showing[0]).toBe('/categories/protocols/page/3');
    const inodes = () =>
      new Map([...listingPages(dist).keys()].map((name) => [name, fs.statSync(path.join(pub, name)).ino]));
    const retitle = (resource: string, to: string) => {
      const file = path.join(content, 'resources', `${resource}.md`);
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^title: .*$/m, `title: ${to}`));
    };

    server = await startWatchServer(dist, content, { SOURCE_DATE_EPOCH: testEpoch });
    const quick = () => server.output().match(/Served the edit from memory in \d+ ms/g)?.length ?? 0;
    const rebuilt = () => server.output().match(/Rebuilt in [\d.]+s/g)?.length ?? 0;
    // A first edit and its build leave the session quick edits render against (it loads in the background).
    retitle('res-00001', 'Resource 1, retitled first');
    await eventually(async () => expect(rebuilt()).toBe(1), 120_000);
    const before = inodes();
    const quickBefore = quick();

    retitle(slug, title);
    let fromMemory: string[] = [];
    await eventually(async () => {
      fromMemory = await Promise.all(showing.map(async (page) => (await server.get(page)).text));
      expect(fromMemory.every((html) => html.includes(title))).toBe(true);
    }, 60_000);
    expect(quick()).toBe(quickBefore + 1);
    await eventually(async () => expect(rebuilt()).toBe(2), 120_000);

    const after = inodes();
    const rewritten = [...after].filter(([name, inode]) => before.get(name) !== inode).map(([name]) => name);
    expect(rewritten.sort()).toEqual(showing.map((page) => `${page.slice(1)}/index.html`).sort());

    const fresh = (await buildFixture(content)).outDir;
    expect(Object.fromEntries(listingPages(dist))).toEqual(Object.fromEntries(listingPages(fresh)));
    // The live-reload script is the watch server's own, added as pages are served.
    const withoutReload = (html: string) => html.replace(/<script>new EventSource\([^<]*<\/script>/, '');
    expect(fromMemory.map(withoutReload)).toEqual(
      showing.map((page) => fs.readFileSync(pageFile(fresh, page), 'utf8')),
    );
  }, 300_000);
});
