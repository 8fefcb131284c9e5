import { describe, expect, it } from 'vitest';
import { readBoundedText } from '../../src/shared/bounded-text.js';

const encoder = new TextEncoder();

/** A response whose body is these chunks, then `end`: 'close' ends it, 'stall' never does. Records a cancel. */
function streamed(chunks: (string | Uint8Array)[], end: 'close' | 'stall' = 'close') {
  const state = { cancelled: false, pulled: 0 };
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled++;
      if (index < chunks.length) {
        const chunk = chunks[index++]!;
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      } else if (end === 'close') controller.close();
      else return new Promise(() => {});
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { response: new Response(body), state };
}

const ample = () => AbortSignal.timeout(5_000);

describe('readBoundedText', () => {
  it('reads a body within its cap whole, decoding characters split across chunks', async () => {
    const euro = encoder.encode('€');
    const { response } = streamed(['price: ', euro.subarray(0, 1), euro.subarray(1), ' 5']);
    expect(await readBoundedText(response, { maxBytes: 100, signal: ample() })).toEqual({
      kind: 'complete',
      text: 'price: € 5',
    });
  });

  it('stops at the cap, keeps exactly the first maxBytes bytes and cancels the stream', async () => {
    const { response, state } = streamed(['0123456789', 'abcdefghij', 'never read']);
    expect(await readBoundedText(response, { maxBytes: 15, signal: ample() })).toEqual({
      kind: 'too-large',
      text: '0123456789abcde',
    });
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual(3);
  });

  it('gives up when the signal aborts while the body still trickles, and cancels the stream', async () => {
    const { response, state } = streamed(['{'], 'stall');
    const started = Date.now();
    expect(await readBoundedText(response, { maxBytes: 100, signal: AbortSignal.timeout(100) })).toEqual({
      kind: 'timed-out',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(state.cancelled).toBe(true);
  });

  it('reads nothing once the budget is already spent', async () => {
    const { response } = streamed(['late']);
    const spent = AbortSignal.abort(new DOMException('spent', 'TimeoutError'));
    expect(await readBoundedText(response, { maxBytes: 100, signal: spent })).toEqual({ kind: 'timed-out' });
  });

  it('throws when the stream itself fails', async () => {
    const body = new ReadableStream({
      pull(controller) {
        controller.error(new TypeError('connection reset'));
      },
    });
    await expect(readBoundedText(new Response(body), { maxBytes: 100, signal: ample() })).rejects.toThrow(
      'connection reset',
    );
  });

  it('reads an empty body as empty text', async () => {
    expect(await readBoundedText(new Response(null), { maxBytes: 1, signal: ample() })).toEqual({
      kind: 'complete',
      text: '',
    });
  });
});
