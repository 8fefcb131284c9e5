import type { X402Version } from '../../shared/x402-transport.js';

const timeoutMs = 10_000;

/** The facilitator could not be reached or answered something that is not an x402 answer: a 502 for the caller. */
export class FacilitatorError extends Error {
  override readonly name = 'FacilitatorError';
}

export interface VerifyAnswer {
  isValid: boolean;
  invalidReason?: string;
  payer?: string;
}

export interface SettleAnswer {
  success: boolean;
  errorReason?: string;
  transaction?: string;
  network?: string;
  payer?: string;
}

async function call(url: string, body: unknown): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new FacilitatorError(
      `The facilitator at ${new URL(url).origin} did not answer (${(error as Error).name === 'TimeoutError' ? 'timed out' : 'unreachable'}).`,
    );
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new FacilitatorError(`The facilitator answered ${response.status} with a body that is not JSON.`);
  }
  if (typeof parsed !== 'object' || parsed === null)
    throw new FacilitatorError(`The facilitator answered ${response.status} with JSON that is not an object.`);
  // x402 facilitators answer 400 with the same shape when a payment is invalid; anything else non-2xx is a failure.
  if (!response.ok && response.status !== 400)
    throw new FacilitatorError(`The facilitator answered ${response.status}.`);
  return parsed as Record<string, unknown>;
}

/** The x402 facilitator API both versions share: POST /verify, then POST /settle, with the version's shapes. */
export async function verifyPayment(
  facilitatorUrl: string,
  x402Version: X402Version,
  paymentPayload: unknown,
  paymentRequirements: unknown,
): Promise<VerifyAnswer> {
  const answer = await call(`${facilitatorUrl}/verify`, { x402Version, paymentPayload, paymentRequirements });
  if (typeof answer.isValid !== 'boolean')
    throw new FacilitatorError("The facilitator's /verify answer has no boolean isValid.");
  return answer as unknown as VerifyAnswer;
}

export async function settlePayment(
  facilitatorUrl: string,
  x402Version: X402Version,
  paymentPayload: unknown,
  paymentRequirements: unknown,
): Promise<SettleAnswer> {
  const answer = await call(`${facilitatorUrl}/settle`, { x402Version, paymentPayload, paymentRequirements });
  if (typeof answer.success !== 'boolean')
    throw new FacilitatorError("The facilitator's /settle answer has no boolean success.");
  return answer as unknown as SettleAnswer;
}
