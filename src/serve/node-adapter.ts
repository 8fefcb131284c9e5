import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The body as a web stream that reads from the socket only when the worker asks for more, so a
 * large upload waits in the kernel instead of in memory. Cancelling stops reading without
 * destroying the socket (Readable.toWeb would), since the socket must still carry the answer.
 */
function bodyStream(request: IncomingMessage): ReadableStream<Uint8Array> {
  const chunks = request[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
      },
    },
    { highWaterMark: 0 },
  );
}

/** The header Cloudflare gives the worker the client's address in; `agentdir serve` sets it from the socket. */
const clientAddressHeader = 'cf-connecting-ip';

/**
 * A web-standard Request for a Node request; the body streams, it is never buffered here. The
 * client's address travels as Cloudflare sends it, from the socket: a client's own header is dropped.
 */
export function toWebRequest(request: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === clientAddressHeader) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const address = request.socket.remoteAddress;
  if (address) headers.set(clientAddressHeader, address.replace(/^::ffff:/, ''));
  const method = request.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  // A target such as `//_headers` is a path, not a protocol-relative URL naming another host.
  const target = request.url ?? '/';
  return new Request(target.startsWith('/') ? new URL(`${origin}${target}`) : new URL(target, origin), {
    method,
    headers,
    ...(hasBody ? { body: bodyStream(request), duplex: 'half' } : {}),
  } as RequestInit);
}

/** After answering a request whose body was left unread: at most this long and this much of it is discarded before the connection closes. */
const lingerMs = 1_000;
const lingerBytes = 32 * 1024 * 1024;

/**
 * Ends the connection of a request whose body the answer did not wait for (refused as too large, or
 * sent where none is expected) without reading the rest of the upload. Closing at once would make the
 * kernel reset the connection, and a client still sending could lose the answer with it: so what is
 * already in flight is discarded, and once the answer is out the socket half-closes, then closes soon after.
 */
export function closeAfterAnswer(request: IncomingMessage, response: ServerResponse): void {
  const socket = request.socket;
  // Said in the answer, so that no client sends its next request on a connection about to close.
  response.setHeader('Connection', 'close');
  let discarded = 0;
  // Flowing with nothing kept (the body stream's listener would hold it paused). Counted here, since a
  // request Node "dumps" itself drops its bytes unseen and without limit.
  request.removeAllListeners('readable');
  request.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > lingerBytes) socket.destroy();
  });
  request.resume();
  response.once('finish', () => {
    // Node has just called destroySoon() for `Connection: close`, which would close the socket the moment the answer is flushed.
    socket.removeListener('finish', socket.destroy);
    socket.end();
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    socket.once('close', () => clearTimeout(timer));
  });
}

/**
 * How long a client may take no more of an answer before its connection is closed: the answer's
 * unsent part is held meanwhile (the worker counts it against its budget of answers held at once).
 */
const stalledMs = 30_000;

/** Resolves true once `target` drains, false if it closes or takes nothing for `stalledMs` (it is then destroyed). */
function drained(target: ServerResponse): Promise<boolean> {
  if (target.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const settle = (ok: boolean) => {
      clearTimeout(timer);
      target.off('drain', onDrain);
      target.off('close', onClose);
      resolve(ok);
    };
    const onDrain = () => settle(true);
    const onClose = () => settle(false);
    const timer = setTimeout(() => {
      target.destroy();
      settle(false);
    }, stalledMs);
    target.once('drain', onDrain);
    target.once('close', onClose);
  });
}

/**
 * Writes a web-standard Response to a Node response, streaming its body as the client reads it.
 * When the client goes away, or stops reading, the body is cancelled, so whatever it holds is let go.
 */
export async function sendWebResponse(response: Response, target: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = name === 'set-cookie' ? response.headers.getSetCookie() : value;
  });
  target.writeHead(response.status, response.statusText || undefined, headers);
  if (!response.body) return void target.end();
  // Leaving the loop early cancels the body stream.
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (target.destroyed || (!target.write(chunk) && !(await drained(target)))) break;
  }
  target.end();
}
