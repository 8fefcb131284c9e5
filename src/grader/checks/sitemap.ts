import type { Check, CheckContext } from '../check.js';
import { failure } from '../check.js';
import type { Fetched } from '../fetcher.js';
import { linkedOrigin, pathIfLinked } from './link-origin.js';
import { sitemapLines } from './robots.js';
import { publicPaths } from '../../shared/public-paths.js';

/** The `<loc>` URLs of a sitemap or sitemap index. */
export function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/gi)].map((match) => match[1]!);
}

export interface FoundSitemap {
  /** Where it was found: a Sitemap line of robots.txt, or a usual path. */
  candidate: string;
  /** Its page URLs; for an index, those of its first sitemap (none when that one fails). */
  urls: string[];
  /** For an index: its sitemaps, as paths of the graded origin where they name the origin llms.txt links to. */
  children?: string[];
  /** For an index: its first sitemap, as answered. */
  child?: Fetched;
}

/** The site's sitemap: the first of robots.txt's Sitemap lines, /sitemap.xml and /sitemap-index.xml that is one; else what each candidate was. */
export async function findSitemap(context: CheckContext): Promise<FoundSitemap | { tried: string[] }> {
  const robots = await context.fetch(publicPaths.robots);
  // Sitemaps at the origin llms.txt names are read here too: the same build, served elsewhere.
  const linked = await linkedOrigin(context);
  const here = (link: string) => pathIfLinked(link, linked);
  const candidates = [
    ...(robots.status === 200 ? sitemapLines(robots.text) : []).map(here),
    '/sitemap.xml',
    '/sitemap-index.xml',
  ];
  const tried: string[] = [];
  for (const candidate of [...new Set(candidates)].slice(0, 4)) {
    const page = await context.fetch(candidate);
    if (page.status !== 200) {
      tried.push(`${candidate} ${failure(page)}`);
      continue;
    }
    if (/<urlset[\s>]/i.test(page.text)) {
      const urls = locs(page.text);
      if (urls.length) return { candidate, urls };
      tried.push(`${candidate} lists no URLs`);
      continue;
    }
    if (/<sitemapindex[\s>]/i.test(page.text)) {
      const children = locs(page.text).map(here);
      const child = children[0] ? await context.fetch(children[0]) : undefined;
      const urls = child && child.status === 200 && /<urlset[\s>]/i.test(child.text) ? locs(child.text) : [];
      return { candidate, urls, children, ...(child ? { child } : {}) };
    }
    tried.push(`${candidate} is not a sitemap`);
  }
  return { tried };
}

export const sitemapCheck: Check = {
  id: 'sitemap',
  title: 'An XML sitemap',
  weight: 15,
  async run(context) {
    const found = await findSitemap(context);
    if ('tried' in found)
      return {
        fraction: 0,
        details: `No sitemap found (${found.tried.join('; ')}).`,
        action: 'Publish an XML sitemap (sitemaps.org) and name it in robots.txt with an absolute Sitemap: line.',
      };
    const { candidate, urls, children, child } = found;
    if (!children) return { fraction: 1, details: `${candidate} lists ${urls.length} URLs.` };
    if (urls.length)
      return {
        fraction: 1,
        details: `${candidate} is an index of ${children.length} sitemap${children.length === 1 ? '' : 's'}; the first lists ${urls.length} URLs.`,
      };
    return {
      fraction: 0.5,
      details: `${candidate} is a sitemap index, but its first sitemap ${child ? failure(child) : 'is missing'} or lists no URLs.`,
      action: 'Make every sitemap the index names answer 200 with a <urlset> of <loc> entries.',
    };
  },
};
