/** A body read within bounds: all of it, only its first `maxBytes` bytes, or not in time. */
export type BoundedText =
  | { kind: 'complete'; text: string; bytes?: Uint8Array<ArrayBuffer> }
  | { kind: 'too-large'; text: string }
  | { kind: 'timed-out' };

export interface TextBounds {
  /** The most bytes held; past them the stream is cancelled. */
  maxBytes: number;
  /** The time budget, the one given to `fetch`: it covers the body too, even where the platform stops at the headers. */
  signal: AbortSignal;
  /** Keep the bytes too, for a caller that digests them. */
  keepBytes?: boolean;
}

/**
 * Reads an answer from another server as UTF-8 text without trusting its sender: never `text()` on
 * a length nobody checked. A body that streams past `maxBytes`, or still trickles when `signal`
 * aborts, is cancelled, so it costs neither memory nor the rest of the request. A stream that fails
 * otherwise throws.
 */
export async function readBoundedText(
  response: Response,
  { maxBytes, signal, keepBytes }: TextBounds,
): Promise<BoundedText> {
  if (!response.body) return { kind: 'complete', text: '' };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let stop = () => {};
  const aborted = new Promise<'aborted'>((resolve) => (stop = () => resolve('aborted')));
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  let text = '';
  let size = 0;
  const chunks: Uint8Array[] = [];
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), aborted]);
      if (next === 'aborted') return { kind: 'timed-out' };
      if (next.done)
        return {
          kind: 'complete',
          text: text + decoder.decode(),
          ...(keepBytes ? { bytes: joined(chunks, size) } : {}),
        };
      const room = maxBytes - size;
      size += next.value.byteLength;
      if (size > maxBytes) return { kind: 'too-large', text: text + decoder.decode(next.value.subarray(0, room)) };
      text += decoder.decode(next.value, { stream: true });
      if (keepBytes) chunks.push(next.value);
    }
  } catch (error) {
    if (signal.aborted) return { kind: 'timed-out' };
    throw error;
  } finally {
    signal.removeEventListener('abort', stop);
    // Not awaited: the caller need not wait for the platform to close the connection.
    reader.cancel().catch(() => {});
  }
}

function joined(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
