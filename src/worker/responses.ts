import type { ApiError } from '../schemas/types.js';

export const jsonType = 'application/json; charset=utf-8';

/** A JSON answer. Errors are an `ApiError` (schemas/error.schema.json): a stable code and a sentence for people. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(`${JSON.stringify(body)}\n`, {
    status,
    headers: { 'Content-Type': jsonType, 'Cache-Control': 'no-store', ...headers },
  });
}

export function errorResponse(
  status: number,
  error: ApiError['error'],
  message: ApiError['message'],
  headers: Record<string, string> = {},
): Response {
  const body: ApiError = { error, message };
  return jsonResponse(status, body, headers);
}

/** HEAD gets the same status and headers as GET, without the body. */
export function forMethod(request: Request, response: Response): Response {
  if (request.method !== 'HEAD') return response;
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}
