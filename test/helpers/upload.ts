import http from 'node:http';

export interface UploadResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Bytes handed to the socket before the answer arrived: how much the server let in. */
  sent: number;
  ms: number;
}

export interface UploadOptions {
  /** Bytes the client is ready to send; it stops as soon as an answer arrives. */
  offered: number;
  method?: string;
  /** Without a Content-Length, the body goes chunked. */
  headers?: Record<string, string>;
}

const chunk = Buffer.alloc(64 * 1024, 0x20);

/**
 * Streams a body of up to `offered` bytes at the pace the socket accepts, and stops sending once the
 * server answers. With a Content-Length larger than `offered`, the request is left open after the bytes
 * sent, as a client still uploading would.
 */
export function upload(base: string, pathname: string, options: UploadOptions): Promise<UploadResult> {
  const target = new URL(base);
  const declared = options.headers?.['Content-Length'];
  const headers = {
    'Content-Type': 'application/json',
    ...(declared ? {} : { 'Transfer-Encoding': 'chunked' }),
    ...options.headers,
  };
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request({
      host: target.hostname,
      port: target.port,
      method: options.method ?? 'POST',
      path: pathname,
      headers,
      agent: false,
    });
    const label = `${options.method ?? 'POST'} ${pathname}`;
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`${label}: no answer after sending ${sent} bytes`));
    }, 30_000);
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (data: Buffer) => chunks.push(data));
      const done = () => {
        clearTimeout(timer);
        request.destroy();
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          sent,
          ms: performance.now() - started,
        });
      };
      response.on('end', done);
      // The server may close the upload as soon as its answer is out.
      response.on('error', done);
    });
    request.on('error', (error) => {
      if (answered) return;
      clearTimeout(timer);
      reject(new Error(`${label}: upload failed after ${sent} bytes: ${error.message}`));
    });
    // The next chunk goes once the socket took this one and the event loop has polled it again, so an
    // answer that arrived meanwhile is read first: a write that meets the reset of a server closing
    // after its answer (workerd does) loses that answer with the socket. A timer alone is not enough:
    // timers run before the poll, so the write would go out before the answer is read.
    const write = () => {
      if (answered) return;
      if (sent >= options.offered) return void (declared ? undefined : request.end());
      const piece = chunk.subarray(0, Math.min(chunk.length, options.offered - sent));
      sent += piece.length;
      request.write(piece, () => setTimeout(() => setImmediate(write), 0));
    };
    write();
  });
}

/**
 * `upload`, up to three attempts when workerd's reset lost the answer. workerd resets the connection
 * right after it answers an upload it did not read; the answer is always sent first, but when the
 * reset arrives between the client's poll and its next write, the write fails and the socket goes,
 * answer unread. No answer was seen, so trying again hides nothing: each attempt asserts the same.
 */
export async function uploadDespiteReset(base: string, pathname: string, options: UploadOptions) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await upload(base, pathname, options);
    } catch (error) {
      if (attempt === 3 || !/ECONNRESET|EPIPE/.test(String(error))) throw error;
    }
  }
}

/** Sends `body` in `pieces` parts, `pauseMs` apart: a slow client still uploading. */
export function trickle(
  base: string,
  pathname: string,
  body: string,
  pieces: number,
  pauseMs: number,
): Promise<{ status: number; body: string }> {
  const target = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: 'POST',
        path: pathname,
        headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
        agent: false,
      },
      (response) => {
        let text = '';
        response.on('data', (data: Buffer) => (text += data.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    const size = Math.ceil(body.length / pieces);
    let index = 0;
    const next = () => {
      if (index >= body.length) return void request.end();
      request.write(body.slice(index, index + size));
      index += size;
      setTimeout(next, pauseMs);
    };
    next();
  });
}
