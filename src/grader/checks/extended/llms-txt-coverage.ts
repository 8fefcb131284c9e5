import type { Check } from '../../check.js';
import { isSectionFile, ownLinks, rootLlmsTxt } from './own-links.js';
import { pagePath } from './page-path.js';
import { sitemapPages } from './sitemap-pages.js';

/** Where agents start to truncate an llms.txt: the AFDocs checker's pass line. */
export const maxLlmsTxtCharacters = 50_000;
/** The share of the sitemap's pages llms.txt must link. */
export const minCoverage = 0.8;

export const llmsTxtCoverageCheck: Check = {
  id: 'llms-txt-coverage',
  title: 'llms.txt size and sitemap coverage',
  weight: 7,
  action: `Keep each llms.txt under ${maxLlmsTxtCharacters} characters (split by section) and link ${minCoverage * 100}%+ of the sitemap's pages.`,
  async run(context) {
    const root = await rootLlmsTxt(context);
    if (root === null) return { fraction: 0, details: 'No /llms.txt.' };
    const rootLinks = await ownLinks(context, root);
    const files = rootLinks.filter(isSectionFile);
    const inRoot = new Set(rootLinks.map(pagePath));
    const inSections = new Set<string>();
    let largest = root.length;
    let read = 0;
    // A large site's root indexes section files: read as many as the fetch budget leaves.
    for (const file of files) {
      if (context.fetchesLeft() < 1) break;
      const page = await context.fetch(file.pathname);
      if (page.error?.startsWith('not fetched')) break;
      read++;
      if (page.status !== 200) continue;
      largest = Math.max(largest, page.text.length);
      for (const url of await ownLinks(context, page.text)) inSections.add(pagePath(url));
    }
    const pages = await sitemapPages(context);
    const byRoot = pages.filter((page) => inRoot.has(page)).length;
    const bySections = pages.filter((page) => !inRoot.has(page) && inSections.has(page)).length;
    // Unread section files are taken to cover as much as the read ones: an estimate, and said to be one.
    const covered = byRoot + (read ? (bySections * files.length) / read : 0);
    const coverage = pages.length ? Math.min(1, covered / pages.length) : 0;
    const missing = pages.filter((page) => !inRoot.has(page) && !inSections.has(page));
    const fits = largest <= maxLlmsTxtCharacters;
    const enough = coverage >= minCoverage;
    const source = files.length
      ? `/llms.txt and ${read} of its ${files.length} section files${read < files.length ? ' (fetch budget spent: estimated)' : ''}`
      : '/llms.txt';
    const listed = pages.length
      ? `link ${Math.round(coverage * 100)}% of the ${pages.length} sitemap pages${missing.length && read === files.length ? `, not ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? '...' : ''}` : ''}`
      : 'no sitemap pages to compare';
    return {
      fraction: (fits ? 0.5 : 0) + (enough ? 0.5 : Math.floor(coverage * 5) / 10),
      details: `${source}: largest ${largest} characters; ${listed}.`,
    };
  },
};
