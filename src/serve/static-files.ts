import { createHash } from 'node:crypto';
import { contentTypeFor } from '../shared/content-types.js';
import { assetIntent, decodeAssetPath, encodeAssetPath, type FindFile, type PublicFile } from './asset-intent.js';
import { headersFor, type HeaderRule } from '../shared/header-rules.js';
import type { ApiError } from '../schemas/types.js';

export interface StaticOptions {
  files: FindFile;
  /** The build's `_headers`, matched against the path as requested, on every answer but a 405. */
  rules: HeaderRule[];
  /** `ETag` and 304 answers. Off in watch mode, where pages go out with the reload script added. */
  validators: boolean;
}

/** Cloudflare's browser caching of assets: keep a copy, but ask each time (the ETag makes that a 304). */
const revalidate = 'public, max-age=0, must-revalidate';

function etagOf(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
}

async function fileAnswer(request: Request, file: PublicFile, status: number, validators: boolean): Promise<Response> {
  const body = await file.read();
  const headers = new Headers({ 'Content-Type': contentTypeFor(file.key) });
  const etag = validators ? etagOf(body) : undefined;
  if (etag) headers.set('ETag', etag);
  // Cloudflare sends no caching header when the request carries credentials or asks for a range.
  if (!request.headers.has('authorization') && !request.headers.has('range')) headers.set('Cache-Control', revalidate);
  // An exact match only, strong or weak, as Cloudflare compares (no lists, no `*`).
  if (etag && [etag, `W/${etag}`].includes(request.headers.get('if-none-match') ?? ''))
    return new Response(null, { status: 304, headers });
  // A HEAD answer has neither body nor length, as on Cloudflare.
  if (request.method === 'HEAD') return new Response(null, { status, headers });
  headers.set('Content-Length', String(body.byteLength));
  return new Response(body, { status, headers });
}

function redirectTo(request: Request, location: string): Response {
  const headers = new Headers({ Location: location });
  if (request.method !== 'HEAD') headers.set('Content-Length', '0');
  return new Response(null, { status: 307, headers });
}

/**
 * Answers a GET or HEAD from the build's static files as Cloudflare's assets do under dist/wrangler.jsonc:
 * one spelling per file (any other, `//x`, `/%78`, `/x/`, `/x.html`, `/x/index.html`, redirects 307 to it),
 * the nearest 404 page, ETags and 304s, and the `_headers` rules on redirects and 404s too.
 */
export async function serveStatic(request: Request, options: StaticOptions): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const body = { error: 'method_not_allowed', message: 'Static files answer GET and HEAD only.' } satisfies ApiError;
    return new Response(JSON.stringify(body), {
      status: 405,
      headers: { Allow: 'GET, HEAD', 'Content-Type': 'application/json; charset=utf-8' },
    });
  }
  const url = new URL(request.url);
  const decoded = decodeAssetPath(url.pathname);
  const intent = await assetIntent(decoded, options.files);
  if (!intent) {
    const body = { error: 'not_found', message: `Nothing is published at ${decoded}.` } satisfies ApiError;
    return new Response(JSON.stringify(body), {
      status: 404,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
  }
  const canonical = encodeAssetPath('redirect' in intent ? intent.redirect : decoded);
  const response =
    'redirect' in intent || canonical !== url.pathname
      ? redirectTo(request, `${canonical}${url.search}`)
      : await fileAnswer(request, intent.file, intent.status, options.validators);
  // The `_headers` rules win over the defaults, as on the static hosts that read the file.
  for (const [name, value] of Object.entries(headersFor(options.rules, url.pathname)))
    response.headers.set(name, value);
  return response;
}
