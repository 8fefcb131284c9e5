import type { Check } from '../check.js';
import { failure } from '../check.js';
import { linkedOrigin, pathIfLinked } from './link-origin.js';
import { sitemapLines } from './robots.js';
import { publicPaths } from '../../shared/public-paths.js';

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/gi)].map((match) => match[1]!);
}

export const sitemapCheck: Check = {
  id: 'sitemap',
  title: 'An XML sitemap',
  weight: 15,
  async run(context) {
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
        if (urls.length) return { fraction: 1, details: `${candidate} lists ${urls.length} URLs.` };
        tried.push(`${candidate} lists no URLs`);
        continue;
      }
      if (/<sitemapindex[\s>]/i.test(page.text)) {
        const children = locs(page.text);
        const child = children[0] ? await context.fetch(here(children[0])) : undefined;
        const urls = child && child.status === 200 && /<urlset[\s>]/i.test(child.text) ? locs(child.text) : [];
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
      }
      tried.push(`${candidate} is not a sitemap`);
    }
    return {
      fraction: 0,
      details: `No sitemap found (${tried.join('; ')}).`,
      action: 'Publish an XML sitemap (sitemaps.org) and name it in robots.txt with an absolute Sitemap: line.',
    };
  },
};
