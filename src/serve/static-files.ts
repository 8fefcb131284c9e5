import fs from 'node:fs/promises';
import path from 'node:path';
import { contentTypeFor } from '../shared/content-types.js';
import { headersFor, type HeaderRule } from './header-rules.js';

// Instructions for the static host, not content (Cloudflare and Netlify never serve them either).
const hostFiles = new Set(['_headers', '_redirects', '.assetsignore']);

/** `target` when it is a regular file whose real path (symlinks followed) is inside the real `root`. */
async function regularFileInside(root: string, target: string): Promise<string | null> {
  const real = await fs.realpath(target).catch(() => null);
  if (!real) return null;
  const relative = path.relative(await fs.realpath(root), real);
  if (relative.startsWith('..') || path.isAbsolute(relative) || hostFiles.has(relative)) return null;
  return (await fs.stat(real).catch(() => null))?.isFile() ? real : null;
}

/** Finds the file a path names under `root`: the file itself, or a folder's index.html, for `/x` and `/x/` alike. */
async function resolveFile(root: string, pathname: string): Promise<string | null> {
  const target = path.join(root, pathname);
  // The path was decoded and checked for dot segments already; this keeps even a bug inside the root.
  if (target !== root && !target.startsWith(root + path.sep)) return null;
  const stat = await fs.stat(target).catch(() => null);
  if (stat?.isFile()) return regularFileInside(root, target);
  if (stat?.isDirectory()) return regularFileInside(root, path.join(target, 'index.html'));
  return null;
}

/** The URL a page is served at when `pathname` is another spelling of it (`/x/`, `/x/index.html`), else null. */
function canonicalPagePath(pathname: string): string | null {
  if (pathname.endsWith('/index.html')) return pathname.slice(0, -'/index.html'.length) || '/';
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.replace(/\/+$/, '') || '/';
  return null;
}

/** Answers a GET or HEAD for a static file of the build, with the 404 page where nothing matches. */
export async function serveStatic(
  root: string,
  request: Request,
  pathname: string,
  rules: HeaderRule[] = [],
): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response(
      JSON.stringify({ error: 'method_not_allowed', message: 'Static files answer GET and HEAD only.' }),
      {
        status: 405,
        headers: { Allow: 'GET, HEAD', 'Content-Type': 'application/json; charset=utf-8' },
      },
    );
  }
  // As Cloudflare's assets do with `html_handling: drop-trailing-slash` (dist/wrangler.jsonc): one URL per page.
  const canonical = canonicalPagePath(pathname);
  if (canonical && (await resolveFile(root, canonical))?.endsWith('index.html')) {
    const query = new URL(request.url).search;
    return new Response(null, {
      status: 307,
      headers: { Location: `${canonical}${query}`, 'Cache-Control': 'no-cache' },
    });
  }
  const file = await resolveFile(root, pathname);
  const status = file ? 200 : 404;
  const served = file ?? path.join(root, '404.html');
  const body = await fs.readFile(served).catch(() => null);
  if (!body) {
    return new Response(JSON.stringify({ error: 'not_found', message: `Nothing is published at ${pathname}.` }), {
      status: 404,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
  }
  return fileResponse(request, pathname, served, body, file ? rules : [], status);
}

/**
 * The answer for one file of the build (`served`, a path ending in its real name) at `pathname`:
 * its media type, `no-cache`, the `_headers` rules that match, its length; a HEAD gets no body.
 */
export function fileResponse(
  request: Request,
  pathname: string,
  served: string,
  body: Uint8Array<ArrayBuffer>,
  rules: HeaderRule[],
  status = 200,
): Response {
  const headers = new Headers({ 'Content-Type': contentTypeFor(pathname, served), 'Cache-Control': 'no-cache' });
  // The `_headers` rules win over the defaults, as on the static hosts that read the file.
  for (const [name, value] of Object.entries(headersFor(rules, pathname))) headers.set(name, value);
  headers.set('Content-Length', String(body.byteLength));
  return new Response(request.method === 'HEAD' ? null : body, { status, headers });
}
