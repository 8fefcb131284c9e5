import { answerBudget } from './answer-budget.js';
import { busyResponse, heldAnswer, makeAnswerText } from './answer-body.js';
import { answerTurns } from './answer-turns.js';
import { handleMessage } from './json-rpc.js';
import type { JsonRpcRequest } from './protocol.js';
import type { RequestContext } from './tool.js';

/**
 * Answers one JSON-RPC message within room for one answer reserved from the isolate's budget (none:
 * 503, nothing run), in a turn of the isolate's answer turns.
 */
export async function answerMessage(
  message: JsonRpcRequest,
  headers: Headers,
  context: RequestContext,
  cors: Record<string, string>,
): Promise<Response> {
  const reservation = answerBudget.reserve();
  if (!reservation) return busyResponse(message.id ?? null, cors);
  try {
    const answer = await answerTurns.run(async (pause) => {
      const made = await handleMessage(message, headers, {
        ...context,
        awaitNetwork: (work) => reservation.awaitNetwork(pause(work)),
      });
      return made && { status: made.status, text: makeAnswerText(message.id ?? null, made.body, reservation) };
    });
    if (!answer) return new Response(null, { status: 202, headers: cors });
    return heldAnswer(reservation, [answer.text], 'single', answer.status, cors);
  } catch (error) {
    answerBudget.drop(reservation.hold);
    throw error;
  } finally {
    reservation.close();
  }
}
