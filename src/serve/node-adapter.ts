import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** A web-standard Request for a Node request; the body streams, it is never buffered here. */
export function toWebRequest(request: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = request.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(request.url ?? '/', origin), {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(request) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

/** Writes a web-standard Response to a Node response, streaming its body. */
export async function sendWebResponse(response: Response, target: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = name === 'set-cookie' ? response.headers.getSetCookie() : value;
  });
  target.writeHead(response.status, response.statusText || undefined, headers);
  if (!response.body) return void target.end();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (!target.write(chunk)) await new Promise((resolve) => target.once('drain', resolve));
  }
  target.end();
}
