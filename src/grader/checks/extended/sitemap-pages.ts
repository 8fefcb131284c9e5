import type { CheckContext } from '../../check.js';
import { linkedOrigin, onGradedOrigin } from '../link-origin.js';
import { findSitemap, locs } from '../sitemap.js';
import { pagePath } from './page-path.js';

/** Sitemaps of an index read at most: more than the fetch budget leaves for them on any real site. */
const maxSitemaps = 5;

/** The pages (see `pagePath`) the sitemap lists on the graded origin; for an index, more of its sitemaps while fetches are left. */
export async function sitemapPages(context: CheckContext): Promise<string[]> {
  const found = await findSitemap(context);
  if ('tried' in found) return [];
  const urls = [...found.urls];
  for (const child of found.children?.slice(1, maxSitemaps) ?? []) {
    if (context.fetchesLeft() < 1) break;
    const map = await context.fetch(child);
    if (map.status !== 200) break;
    urls.push(...locs(map.text));
  }
  const linked = await linkedOrigin(context);
  return [
    ...new Set(
      urls
        .map((url) => onGradedOrigin(url, context, linked))
        .filter((url): url is URL => url?.origin === context.origin)
        .map(pagePath),
    ),
  ];
}
