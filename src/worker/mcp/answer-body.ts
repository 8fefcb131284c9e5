import { answerBudget, type AnswerBudget, type AnswerHold, type AnswerReservation } from './answer-budget.js';
import { errorBody, rpcResponse, type Id } from './json-rpc.js';
import { errorCodes, RpcError } from './rpc-error.js';
import { maxAnswerBytes, retryAfterSeconds } from '../../shared/mcp-limits.js';

/** Characters encoded per chunk: a client reading slowly holds back one chunk of bytes, never a whole answer. */
const chunkCharacters = 64 * 1024;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * A JSON answer as a stream: `texts` (one message's answer, or a batch's answers framed as an array),
 * encoded to UTF-8 a chunk at a time as the client reads. The texts are counted in `hold`; each part
 * sent is let go of there, and the rest when the client goes away, so the budget counts what is
 * really held.
 */
export function answerStream(
  texts: string[],
  framing: 'single' | 'batch',
  budget: AnswerBudget,
  hold: AnswerHold,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  let offset = 0;
  const finish = () => {
    texts.length = 0;
    budget.drop(hold);
  };
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (index === texts.length) {
          if (framing === 'batch') controller.enqueue(encoder.encode(texts.length ? ']' : '[]'));
          finish();
          controller.close();
          return;
        }
        const text = texts[index]!;
        let end = Math.min(offset + chunkCharacters, text.length);
        // A surrogate pair split across chunks would encode as two replacement characters.
        if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
        const opening = framing === 'batch' && offset === 0 ? (index === 0 ? '[' : ',') : '';
        controller.enqueue(encoder.encode(opening + text.slice(offset, end)));
        hold.unsent -= end - offset;
        budget.update(hold);
        offset = end;
        if (offset === text.length) {
          // Sent: the text can be collected while the rest goes out.
          texts[index] = '';
          index++;
          offset = 0;
        }
      },
      cancel: finish,
    },
    { highWaterMark: 0 },
  );
}

/** An answer whose `texts` are counted in the reservation's hold, streamed and let go of as it is sent. */
export function heldAnswer(
  reservation: AnswerReservation,
  texts: string[],
  framing: 'single' | 'batch',
  status: number,
  headers: Record<string, string>,
): Response {
  return new Response(answerStream(texts, framing, answerBudget, reservation.hold), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}

/** 503 with Retry-After: the budget has no room for another answer, and nothing of the request was run. */
export function busyResponse(id: Id, headers: Record<string, string>): Response {
  return rpcResponse(
    503,
    errorBody(
      id,
      new RpcError(
        errorCodes.serverBusy,
        `Busy: this server is making or sending as many answers as it holds at once, and ran nothing of this request. Send it again in ${retryAfterSeconds} s (Retry-After).`,
      ),
    ),
    { 'Retry-After': String(retryAfterSeconds), ...headers },
  );
}

/**
 * The JSON text of the answer to one message, held in `reservation`. An answer over `maxAnswerBytes`
 * is replaced by an error that says how to ask for less.
 */
export function makeAnswerText(id: Id, body: unknown, reservation: AnswerReservation): string {
  let text = JSON.stringify(body);
  if (text.length > maxAnswerBytes) text = JSON.stringify(errorBody(id, answerTooLarge(text.length)));
  reservation.use(text.length);
  return text;
}

export function answerTooLarge(characters: number): RpcError {
  return new RpcError(
    errorCodes.invalidRequest,
    `The answer is ${characters} characters of JSON, over the ${maxAnswerBytes} this server sends at once. Ask for less: a smaller \`limit\`, or one document at its own URL (its Markdown variant, \`.md\`).`,
  );
}
