import type { Check } from '../check.js';
import { failure } from '../check.js';
import { publicPaths } from '../../shared/public-paths.js';

export function sitemapLines(robots: string): string[] {
  return [...robots.matchAll(/^\s*sitemap\s*:\s*(\S+)/gim)].map((match) => match[1]!);
}

export const robotsCheck: Check = {
  id: 'robots-txt',
  title: 'robots.txt with a Sitemap line',
  weight: 15,
  async run(context) {
    const page = await context.fetch(publicPaths.robots);
    if (page.status !== 200 || !page.text.trim())
      return {
        fraction: 0,
        details: `/robots.txt ${failure(page)}.`,
        action: 'Publish /robots.txt with a User-agent group, Allow or Disallow rules and an absolute Sitemap: line.',
      };
    const hasGroup = /^\s*user-agent\s*:/im.test(page.text);
    const sitemaps = sitemapLines(page.text);
    const extras = [
      /^\s*content-signal\s*:/im.test(page.text) && 'Content-Signal',
      /^\s*license\s*:/im.test(page.text) && 'License',
    ].filter(Boolean);
    const details = `${hasGroup ? 'Has a User-agent group' : 'No User-agent line'}; ${sitemaps.length ? `Sitemap: ${sitemaps.join(', ')}` : 'no Sitemap line'}${extras.length ? `; also ${extras.join(' and ')}` : ''}.`;
    const fraction = (hasGroup ? 0.5 : 0) + (sitemaps.length ? 0.5 : 0);
    return fraction === 1
      ? { fraction, details }
      : {
          fraction,
          details,
          action: hasGroup
            ? 'Add an absolute `Sitemap: https://.../sitemap.xml` line to robots.txt.'
            : 'Start robots.txt with `User-agent: *` and your rules.',
        };
  },
};
