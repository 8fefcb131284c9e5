import fs from 'node:fs/promises';
import path from 'node:path';
import { contentTypeFor } from '../shared/content-types.js';
import type { SiteFetcher } from './fetcher.js';
import { matchWorkerRoute } from '../shared/routes.js';
import { foreignLinkOrigin } from './checks/link-origin.js';
import { parseLlmsTxt } from './checks/llms-txt.js';

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
export function directoryFetcher(
  root: string,
  knownPremium?: ReadonlySet<string>,
  locate?: (file: string) => string | null,
): SiteFetcher {
  const base = path.resolve(root);
  const premium = knownPremium ? Promise.resolve(knownPremium) : premiumSlugs(base);
  return {
    async get(url) {
      const pathname = decodeURIComponent(new URL(url).pathname);
      const route = matchWorkerRoute(pathname, await premium);
      if (route?.kind === 'premium-resource')
        return { url, status: 402, contentType: 'application/json', text: '{"error":"payment_required"}' };
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

/** Where a folder that names no origin of its own is graded. */
const fallbackOrigin = 'http://localhost';

/** The origin a built folder is published at: the `url` of its resource index, else its robots.txt sitemap, else where its llms.txt links. */
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
    if (sitemap) return new URL(sitemap).origin;
  } catch {
    /* fall through */
  }
  // Otherwise llms.txt's absolute links name the site: grading at a made-up origin would call them foreign.
  const llms = await fs.readFile(path.join(root, 'llms.txt'), 'utf8').catch(() => '');
  return foreignLinkOrigin(parseLlmsTxt(llms).links, fallbackOrigin) ?? fallbackOrigin;
}

/** Files any site a grade can judge has at least one of. */
const siteFiles = ['index.html', 'llms.txt', 'robots.txt'];

export type SiteFolder =
  | { ok: true; root: string; buildRoot?: string }
  | { ok: false; reason: 'not-a-folder' }
  | { ok: false; reason: 'no-site'; contentFolder: boolean };

const isFolder = (file: string) =>
  fs.stat(file).then(
    (stat) => stat.isDirectory(),
    () => false,
  );
const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );
const hasSite = async (folder: string) =>
  (await Promise.all(siteFiles.map((file) => exists(path.join(folder, file))))).some(Boolean);

/**
 * The folder to grade for `target`: itself when it holds a site, its `public/` when it is the root
 * of an agentdir build (`dist`: `public/` beside `worker/` or build-manifest.json).
 */
export async function locateSiteFolder(target: string): Promise<SiteFolder> {
  if (!(await isFolder(target))) return { ok: false, reason: 'not-a-folder' };
  if (await hasSite(target)) return { ok: true, root: target };
  const publicDir = path.join(target, 'public');
  const buildRoot =
    (await isFolder(publicDir)) &&
    ((await exists(path.join(target, 'build-manifest.json'))) || (await isFolder(path.join(target, 'worker'))));
  if (buildRoot && (await hasSite(publicDir))) return { ok: true, root: publicDir, buildRoot: target };
  return {
    ok: false,
    reason: 'no-site',
    contentFolder: (await exists(path.join(target, 'site.yaml'))) || (await isFolder(path.join(target, 'content'))),
  };
}
