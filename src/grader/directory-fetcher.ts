import fs from 'node:fs/promises';
import path from 'node:path';
import { contentTypeFor } from '../shared/content-types.js';
import type { SiteFetcher } from './fetcher.js';
import { matchWorkerRoute } from '../shared/routes.js';

/** Premium slugs of a build, from the worker data beside its public folder (none when absent). */
async function premiumSlugs(root: string): Promise<ReadonlySet<string>> {
  const data = await fs.readFile(path.join(root, '..', 'worker', 'data', 'worker-data.json'), 'utf8').catch(() => null);
  try {
    return new Set(data ? Object.keys((JSON.parse(data) as { premium: Record<string, unknown> }).premium) : []);
  } catch {
    return new Set();
  }
}

/**
 * Reads a built folder as a static host with its worker would serve it, whatever host the URL
 * names: grading with no network. Premium routes answer 402, as they do without a key. `locate`
 * maps a file of the site (`/llms.txt`) to where it is on disk, for a build not yet committed.
 */
export function directoryFetcher(root: string, knownPremium?: ReadonlySet<string>, locate?: (file: string) => string | null): SiteFetcher {
  const base = path.resolve(root);
  const premium = knownPremium ? Promise.resolve(knownPremium) : premiumSlugs(base);
  return {
    async get(url) {
      const pathname = decodeURIComponent(new URL(url).pathname);
      const route = matchWorkerRoute(pathname, await premium);
      if (route?.kind === 'premium-resource') return { url, status: 402, contentType: 'application/json', text: '{"error":"payment_required"}' };
      const candidates = pathname.endsWith('/') ? [`${pathname}index.html`] : [pathname, `${pathname}/index.html`];
      for (const candidate of candidates) {
        const file = path.join(base, candidate);
        if (!file.startsWith(base)) break;
        const located = locate ? locate(`/${path.relative(base, file).split(path.sep).join('/')}`) : file;
        const text = located ? await fs.readFile(located, 'utf8').catch(() => null) : null;
        if (text !== null) return { url, status: 200, contentType: contentTypeFor(candidate), text };
      }
      return { url, status: 404, contentType: 'text/html', text: '' };
    },
  };
}

/** The origin a built folder is published at: the `url` of its resource index, else its robots.txt sitemap. */
export async function builtSiteOrigin(root: string): Promise<string> {
  const index = await fs.readFile(path.join(root, 'api', 'resources.json'), 'utf8').catch(() => null);
  if (index) {
    try {
      return new URL((JSON.parse(index) as { url: string }).url).origin;
    } catch {
      /* fall through */
    }
  }
  const robots = await fs.readFile(path.join(root, 'robots.txt'), 'utf8').catch(() => '');
  const sitemap = /^\s*sitemap\s*:\s*(\S+)/im.exec(robots)?.[1];
  try {
    return sitemap ? new URL(sitemap).origin : 'http://localhost';
  } catch {
    return 'http://localhost';
  }
}
