import { errorBody, handleMessage, isRequestShape, isResponseShape, rpcResponse } from './json-rpc.js';
import { errorCodes, RpcError } from './rpc-error.js';
import type { ToolContext } from './tool.js';

/** Messages one batch may hold: each can be a corpus page, so a batch multiplies the work of one request. */
export const maxBatchItems = 32;

/**
 * Size the answers to one batch may reach, in characters of JSON (bytes, for ASCII text): 16 MiB, over
 * 20 times the largest single answer of the default site (a 50-record get_corpus page, about 0.75 MB),
 * yet small enough that one batch can neither exhaust memory nor hold the server for long.
 */
export const maxBatchAnswerBytes = 16 * 1024 * 1024;

const invalidMessage = new RpcError(
  errorCodes.invalidRequest,
  'Invalid request: each message needs jsonrpc "2.0" and a method.',
);
const notRun = new RpcError(
  errorCodes.invalidRequest,
  `Not run: the batch's answers reached ${maxBatchAnswerBytes} bytes; send it alone.`,
);

/**
 * Answers a JSON-RPC batch (protocol 2025-03-26) in order, measuring each answer as it is made. Once
 * they pass `maxBatchAnswerBytes`, the answer that did so and every request after it get `notRun`
 * instead: nothing further runs, and a client can send those requests again on their own.
 */
export async function answerBatch(
  items: unknown[],
  headers: Headers,
  context: ToolContext,
  cors: Record<string, string>,
): Promise<Response> {
  // 413, not 400: the batch is well-formed but larger than this server will process; resending it whole cannot succeed.
  if (items.length > maxBatchItems) {
    return rpcResponse(
      413,
      errorBody(
        null,
        new RpcError(errorCodes.invalidRequest, `A batch may hold at most ${maxBatchItems} messages; none was run.`),
      ),
      cors,
    );
  }
  const answers: unknown[] = [];
  let size = 0;
  for (const item of items) {
    if (isResponseShape(item)) continue;
    if (!isRequestShape(item)) {
      answers.push(errorBody(null, invalidMessage));
      continue;
    }
    if (size > maxBatchAnswerBytes) {
      if (item.id !== undefined) answers.push(errorBody(item.id, notRun));
      continue;
    }
    const answer = await handleMessage(item, headers, context);
    if (!answer) continue;
    size += JSON.stringify(answer.body).length + 1;
    answers.push(size > maxBatchAnswerBytes ? errorBody(item.id ?? null, notRun) : answer.body);
  }
  return answers.length ? rpcResponse(200, answers, cors) : new Response(null, { status: 202, headers: cors });
}
