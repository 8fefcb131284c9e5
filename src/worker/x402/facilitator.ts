import { readBoundedText, type BoundedText } from '../../shared/bounded-text.js';
import type { X402Version } from '../../shared/x402-transport.js';

/** The time budget of one facilitator call, headers and body. */
export const facilitatorTimeoutMs = 10_000;

/** The largest facilitator answer read: real ones are a few hundred bytes. */
export const maxFacilitatorAnswerBytes = 64 * 1024;

/** The facilitator could not be reached or answered something that is not an x402 answer: a 502 for the caller. */
export class FacilitatorError extends Error {
  override readonly name = 'FacilitatorError';
}

/** Facilitators written in other languages send null for an absent field. */
export interface VerifyAnswer {
  isValid: boolean;
  invalidReason?: string | null;
  payer?: string | null;
}

export interface SettleAnswer {
  success: boolean;
  errorReason?: string | null;
  transaction?: string | null;
  network?: string | null;
  payer?: string | null;
  /** What was settled, in atomic units: with `upto`, what was used. */
  amount?: string | null;
}

/** What each facilitator endpoint answers: a boolean verdict, and strings where the other fields are present. */
const answerShapes = {
  verify: { name: 'VerifyResponse', verdict: 'isValid', strings: ['invalidReason', 'payer'] },
  settle: {
    name: 'SettleResponse',
    verdict: 'success',
    strings: ['errorReason', 'transaction', 'network', 'payer', 'amount'],
  },
} as const;

/**
 * POSTs to one facilitator endpoint and returns its answer once it has the endpoint's shape; anything
 * else is a FacilitatorError. A redirect is refused, not followed: following it would send the
 * buyer's payment to another address and trust whatever answers there.
 */
async function call(
  facilitatorUrl: string,
  endpoint: keyof typeof answerShapes,
  body: { x402Version: X402Version; paymentPayload: unknown; paymentRequirements: unknown },
): Promise<Record<string, unknown>> {
  const facilitator = new URL(facilitatorUrl).origin;
  const signal = AbortSignal.timeout(facilitatorTimeoutMs);
  let status: number;
  let answer: BoundedText;
  try {
    const response = await fetch(`${facilitatorUrl}/${endpoint}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal,
    });
    status = response.status;
    // x402 facilitators answer 400 with the same shape when a payment is invalid; anything else non-2xx is a failure.
    if (!response.ok && status !== 400) {
      response.body?.cancel().catch(() => {});
      throw new FacilitatorError(
        response.type === 'opaqueredirect' || (status >= 300 && status < 400)
          ? `The facilitator at ${facilitator} answered with a redirect, and facilitator redirects are refused: set \`X402_FACILITATOR_URL\` to the address it redirects to.`
          : `The facilitator at ${facilitator} answered ${status}.`,
      );
    }
    answer = await readBoundedText(response, { maxBytes: maxFacilitatorAnswerBytes, signal });
  } catch (error) {
    if (error instanceof FacilitatorError) throw error;
    throw new FacilitatorError(
      `The facilitator at ${facilitator} did not answer (${signal.aborted ? `timed out after ${facilitatorTimeoutMs / 1000} s` : 'unreachable'}).`,
    );
  }
  if (answer.kind === 'timed-out')
    throw new FacilitatorError(
      `The facilitator at ${facilitator} did not finish its answer within ${facilitatorTimeoutMs / 1000} s.`,
    );
  if (answer.kind === 'too-large')
    throw new FacilitatorError(
      `The facilitator at ${facilitator} answered more than ${maxFacilitatorAnswerBytes} bytes; an x402 answer is a small JSON object.`,
    );
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    throw new FacilitatorError(`The facilitator answered ${status} with a body that is not JSON.`);
  }
  const shape = answerShapes[endpoint];
  const wellFormed =
    typeof parsed === 'object' &&
    parsed !== null &&
    typeof parsed[shape.verdict] === 'boolean' &&
    shape.strings.every((field) => parsed[field] == null || typeof parsed[field] === 'string') &&
    // A 400 says no; one that says yes is not an answer to act on.
    !(status === 400 && parsed[shape.verdict]);
  if (!wellFormed)
    throw new FacilitatorError(
      `The facilitator's /${endpoint} answer (${status}) is not an x402 ${shape.name}: \`${shape.verdict}\` must be a boolean (false on a 400), and ${shape.strings.map((field) => `\`${field}\``).join(', ')} strings where present.`,
    );
  return parsed;
}

/** The x402 facilitator API both versions share: POST /verify, then POST /settle, with the version's shapes. */
export async function verifyPayment(
  facilitatorUrl: string,
  x402Version: X402Version,
  paymentPayload: unknown,
  paymentRequirements: unknown,
): Promise<VerifyAnswer> {
  return (await call(facilitatorUrl, 'verify', {
    x402Version,
    paymentPayload,
    paymentRequirements,
  })) as unknown as VerifyAnswer;
}

export async function settlePayment(
  facilitatorUrl: string,
  x402Version: X402Version,
  paymentPayload: unknown,
  paymentRequirements: unknown,
): Promise<SettleAnswer> {
  return (await call(facilitatorUrl, 'settle', {
    x402Version,
    paymentPayload,
    paymentRequirements,
  })) as unknown as SettleAnswer;
}

/**
 * Each facilitator's `upto` signer per network, once its /supported named one. Only found addresses
 * are kept (a Worker must not await another request's pending fetch); until then each call asks.
 */
const uptoSigners = new Map<string, string>();

/**
 * The address a facilitator settles `upto` payments from on `network` (its /supported kinds'
 * `extra.facilitatorAddress`): the buyer's Permit2 witness names it. Undefined when the facilitator
 * does not settle `upto` there or cannot say; then nothing is sold with `upto`.
 */
export async function uptoFacilitatorAddress(facilitatorUrl: string, network: string): Promise<string | undefined> {
  const key = `${facilitatorUrl} ${network}`;
  if (uptoSigners.has(key)) return uptoSigners.get(key);
  try {
    const signal = AbortSignal.timeout(facilitatorTimeoutMs);
    const response = await fetch(`${facilitatorUrl}/supported`, { redirect: 'manual', signal });
    const answer = await readBoundedText(response, { maxBytes: maxFacilitatorAnswerBytes, signal });
    const kinds = answer.kind === 'complete' && response.ok ? JSON.parse(answer.text).kinds : [];
    const address = kinds.find?.(
      (kind: { scheme?: string; network?: string }) => kind.scheme === 'upto' && kind.network === network,
    )?.extra?.facilitatorAddress;
    if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) return undefined;
    uptoSigners.set(key, address);
    return address;
  } catch {
    return undefined;
  }
}
