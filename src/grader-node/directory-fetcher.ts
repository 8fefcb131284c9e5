import fs from 'node:fs/promises';
import path from 'node:path';
import { headersFor, parseHeaderRules, type HeaderRule } from '../shared/header-rules.js';
import { contentTypeFor } from '../shared/content-types.js';
import { matchWorkerRoute } from '../shared/routes.js';
import { isWorkerData, type WorkerData } from '../shared/worker-data.js';
import { objectOrEmpty } from '../shared/json-shapes.js';
import { createWorker } from '../worker/create-worker.js';
import { defaultAccept, type SiteFetcher } from '../grader/fetcher.js';
import { foreignLinkOrigin } from '../grader/checks/link-origin.js';
import { parseLlmsTxt } from '../grader/checks/llms-txt.js';

/**
 * The worker data written beside a build's public folder; null when absent (a folder of static files
 * only), and when it is not worker data this version wrote: the folder is then graded as static files.
 */
async function workerData(root: string, read: (file: string) => Promise<string | null>): Promise<WorkerData | null> {
  const text = await read(path.join(root, '..', 'worker', 'data', 'worker-data.json'));
  try {
    const data: unknown = text ? JSON.parse(text) : null;
    return isWorkerData(data) ? data : null;
  } catch {
    return null;
  }
}

/**
 * Reads a built folder as a static host with its worker would serve it, whatever host the URL
 * names: grading with no network. Static files get the headers of the folder's `_headers`; the
 * worker's routes are answered by the worker itself, from the data beside the folder, so premium
 * URLs answer 402 as they do without a key. Without that data, `knownPremium` slugs answer a bare
 * 402. `locate` maps a file of the site (`/llms.txt`, or `/../worker/data/worker-data.json` beside
 * it) to where it is on disk, for a build not yet committed.
 */
export function directoryFetcher(
  root: string,
  knownPremium?: ReadonlySet<string>,
  locate?: (file: string) => string | null,
): SiteFetcher {
  const base = path.resolve(root);
  const readBytes = async (file: string): Promise<Buffer | null> => {
    const located = locate ? locate(`/${path.relative(base, file).split(path.sep).join('/')}`) : file;
    return located ? fs.readFile(located).catch(() => null) : null;
  };
  const read = async (file: string): Promise<string | null> => (await readBytes(file))?.toString('utf8') ?? null;
  const site = (async () => {
    const data = await workerData(base, read);
    return {
      worker: data ? createWorker(data) : null,
      premium: knownPremium ?? new Set<string>(),
      rules: parseHeaderRules((await read(path.join(base, '_headers'))) ?? ''),
    };
  })();

  /** The static host: the file a path names, or its folder's index.html, with the `_headers` rules that match. */
  const staticAnswer = async (pathname: string, rules: HeaderRule[]): Promise<Response> => {
    const candidates = pathname.endsWith('/') ? [`${pathname}index.html`] : [pathname, `${pathname}/index.html`];
    for (const candidate of candidates) {
      const file = path.join(base, candidate);
      if (!file.startsWith(base)) break;
      // Bytes, not text: a file is served as it is (an archive's digest is of its bytes).
      const bytes = await readBytes(file);
      if (bytes !== null)
        return new Response(new Uint8Array(bytes), {
          headers: { 'Content-Type': contentTypeFor(candidate), ...headersFor(rules, pathname) },
        });
    }
    return new Response('', { status: 404, headers: { 'Content-Type': 'text/html' } });
  };
  const pathOf = (url: string) => decodeURIComponent(new URL(url).pathname);

  return {
    async get(url, request = {}) {
      const { worker, premium, rules } = await site;
      let response: Response;
      if (worker) {
        const assets = {
          fetch: async (input: Request | string | URL) =>
            staticAnswer(pathOf(input instanceof Request ? input.url : String(input)), rules),
        };
        response = await worker.fetch(new Request(url, { headers: { Accept: request.accept ?? defaultAccept } }), {
          ASSETS: assets,
        });
      } else if (matchWorkerRoute(pathOf(url), premium)?.kind === 'premium-resource') {
        return { url, status: 402, contentType: 'application/json', text: '{"error":"payment_required"}' };
      } else {
        response = await staticAnswer(pathOf(url), rules);
      }
      const bytes = new Uint8Array(await response.arrayBuffer());
      return {
        url,
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        text: new TextDecoder().decode(bytes),
        ...(request.bytes ? { bytes } : {}),
        headers: response.headers,
      };
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
      const { url } = objectOrEmpty(JSON.parse(index));
      if (typeof url === 'string') return new URL(url).origin;
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
