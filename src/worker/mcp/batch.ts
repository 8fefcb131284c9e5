import { answerBudget } from './answer-budget.js';
import { busyResponse, heldAnswer } from './answer-body.js';
import { errorBody, handleMessage, isRequestShape, isResponseShape, rpcResponse } from './json-rpc.js';
import { errorCodes, RpcError } from './rpc-error.js';
import { answerTurns } from './answer-turns.js';
import type { RequestContext } from './tool.js';
import { maxAnswerBytes, maxBatchItems } from '../../shared/mcp-limits.js';

const invalidMessage = new RpcError(
  errorCodes.invalidRequest,
  'Invalid request: each message needs jsonrpc "2.0" and a method.',
);
const notRun = new RpcError(
  errorCodes.invalidRequest,
  `Not run: the batch's answers reached ${maxAnswerBytes} bytes, the most one answer may hold; send this request again in another batch, or alone.`,
);

/**
 * Answers a JSON-RPC batch (protocol 2025-03-26) in order, within room for one answer reserved from
 * the isolate's budget (none: 503, nothing run), one message per turn of the isolate's answer turns.
 * Each answer is measured as it is made; once they pass
 * `maxAnswerBytes`, the answer that did so and every request after it get `notRun` instead: nothing
 * further runs, and a client can send those requests again on their own.
 */
export async function answerBatch(
  items: unknown[],
  headers: Headers,
  context: RequestContext,
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
  const reservation = answerBudget.reserve();
  if (!reservation) return busyResponse(null, cors);
  const texts: string[] = [];
  let size = 0;
  let stopped = false;
  const add = (text: string) => {
    reservation.use(text.length);
    texts.push(text);
    size += text.length + 1;
  };
  try {
    for (const item of items) {
      if (isResponseShape(item)) continue;
      if (!isRequestShape(item)) {
        add(JSON.stringify(errorBody(null, invalidMessage)));
        continue;
      }
      if (stopped) {
        if (item.id !== undefined) add(JSON.stringify(errorBody(item.id, notRun)));
        continue;
      }
      const text = await answerTurns.run(async (pause) => {
        const answer = await handleMessage(item, headers, {
          ...context,
          awaitNetwork: (work) => reservation.awaitNetwork(pause(work)),
        });
        return answer && JSON.stringify(answer.body);
      });
      if (text === null) continue;
      stopped = size + text.length + 1 > maxAnswerBytes;
      add(stopped ? JSON.stringify(errorBody(item.id ?? null, notRun)) : text);
    }
  } catch (error) {
    answerBudget.drop(reservation.hold);
    throw error;
  } finally {
    reservation.close();
  }
  return texts.length
    ? heldAnswer(reservation, texts, 'batch', 200, cors)
    : new Response(null, { status: 202, headers: cors });
}
