import { readBody } from './read-body.js';
import { errorResponse } from './responses.js';

// What the routes any origin may call (the grader, feedback, x402) share: their CORS preflight,
// and reading a JSON body within a bound.

/** Any origin may call: these routes take no cookies, so an answer is no credential leak. */
export const anyOrigin = { 'Access-Control-Allow-Origin': '*' };

/** The 204 answer to a CORS preflight; `maxAge` lets the browser keep it that many seconds. */
export function preflight(methods: string, allowHeaders: string, maxAge?: number): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...anyOrigin,
      'Access-Control-Allow-Methods': methods,
      'Access-Control-Allow-Headers': allowHeaders,
      ...(maxAge === undefined ? {} : { 'Access-Control-Max-Age': String(maxAge) }),
    },
  });
}

/** The body parsed as JSON, or the answer refusing it: 413 past `limit` bytes, 400 when it is not JSON. */
export async function readJsonBody(
  request: Request,
  limit: number,
  notJson: string,
): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  const text = await readBody(request, limit);
  if (text === null)
    return {
      ok: false,
      response: errorResponse(413, 'body_too_large', `The body is larger than ${limit} bytes.`, anyOrigin),
    };
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    return { ok: false, response: errorResponse(400, 'invalid_json', notJson, anyOrigin) };
  }
}
