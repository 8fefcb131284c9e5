import type { Page } from 'playwright-core';

/** What the page says about itself, in its head and in what a reader sees first. */
export interface PageFacts {
  title: string;
  description: string | null;
  canonical: string | null;
  markdownAlternate: string | null;
  license: string | null;
  ogTitle: string | null;
  robots: string | null;
  stylesheets: string[];
  jsonLd: string[];
  h1: string;
  /** Names in the visible breadcrumb trail. */
  breadcrumbs: string[];
  /** Entries of the page's main listings (`.items`). */
  listedItems: number;
}

export interface PageVisit {
  path: string;
  status: number;
  facts: PageFacts;
  consoleErrors: string[];
  /** Resolved href of every link on the page. */
  links: string[];
  /** Every element id on the page. */
  ids: Set<string>;
  /** Anchors asked for that did not scroll an element with that id into view. */
  unreachableAnchors: string[];
}

/**
 * Opens one page in `page` (the tab is reused from visit to visit), records what went wrong while
 * it loaded, and follows each of `anchors` as a reader would, through the URL fragment.
 */
export async function visitPage(page: Page, origin: string, path: string, anchors: string[] = []): Promise<PageVisit> {
  const consoleErrors: string[] = [];
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  };
  const onPageError = (error: Error) => consoleErrors.push(error.message);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  try {
    const response = await page.goto(`${origin}${path}`);
    const links = await page.$$eval('a[href]', (elements) =>
      elements.map((element) => (element as HTMLAnchorElement).href),
    );
    const ids = new Set(await page.$$eval('[id]', (elements) => elements.map((element) => element.id)));
    const facts = await page.evaluate(() => {
      const attribute = (selector: string, name: string) =>
        document.querySelector(selector)?.getAttribute(name) ?? null;
      const texts = (selector: string) =>
        [...document.querySelectorAll(selector)].map((element) => element.textContent?.trim() ?? '');
      return {
        title: document.title,
        description: attribute('meta[name="description"]', 'content'),
        canonical: attribute('link[rel="canonical"]', 'href'),
        markdownAlternate: attribute('link[rel="alternate"][type="text/markdown"]', 'href'),
        license: attribute('link[rel="license"]', 'href'),
        ogTitle: attribute('meta[property="og:title"]', 'content'),
        robots: attribute('meta[name="robots"]', 'content'),
        stylesheets: [...document.querySelectorAll('link[rel="stylesheet"]')].map(
          (link) => link.getAttribute('href') ?? '',
        ),
        jsonLd: texts('script[type="application/ld+json"]'),
        h1: texts('h1').join(' | '),
        breadcrumbs: texts('nav.breadcrumbs a'),
        listedItems: document.querySelectorAll('main .items > li').length,
      };
    });
    const unreachableAnchors = await page.evaluate((wanted) => {
      const missed: string[] = [];
      for (const anchor of wanted) {
        // Setting the fragment scrolls synchronously, as following a link to it does.
        location.hash = anchor;
        const target = document.getElementById(anchor);
        const top = target?.getBoundingClientRect().top ?? Number.NaN;
        if (!target || document.querySelector(':target') !== target || !(top > -2 && top < innerHeight))
          missed.push(anchor);
      }
      return missed;
    }, anchors);
    return { path, status: response?.status() ?? 0, facts, consoleErrors, links, ids, unreachableAnchors };
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
  }
}
