import { isObject } from '../../shared/json-shapes.js';
import { x402Headers, type X402Version } from '../../shared/x402-transport.js';
import { decodeBase64Json } from './base64-json.js';

/** The longest payment header read; a real `exact` payment is under 2 KB. */
export const maxPaymentHeaderBytes = 8 * 1024;

export type PresentedPayment =
  /** No payment header: answer with the requirements. */
  | { kind: 'none' }
  /** A request that cannot be read as one payment: 400. */
  | { kind: 'malformed-request'; error: string; message: string }
  /** A header of one version that is not a payment of that version: 402 with the reason. */
  | { kind: 'invalid'; version: X402Version; reason: string }
  | { kind: 'payment'; version: X402Version; payload: Record<string, unknown> };

/** Reads the one payment a request carries, in either version, without trusting any of it. */
export function presentedPayment(headers: Headers): PresentedPayment {
  const v1 = headers.get(x402Headers[1].payment);
  const v2 = headers.get(x402Headers[2].payment);
  if (v1 !== null && v2 !== null)
    return {
      kind: 'malformed-request',
      error: 'ambiguous_payment',
      message: 'Send one payment: X-PAYMENT (x402 version 1) or PAYMENT-SIGNATURE (version 2), not both.',
    };
  const version: X402Version = v2 === null ? 1 : 2;
  const header = v2 ?? v1;
  if (header === null) return { kind: 'none' };
  const name = x402Headers[version].payment;
  if (header.length > maxPaymentHeaderBytes)
    return {
      kind: 'malformed-request',
      error: 'payment_header_too_large',
      message: `${name} is ${header.length} bytes; a payment is at most ${maxPaymentHeaderBytes}.`,
    };
  const payload = decodeBase64Json(header);
  if (typeof payload === 'string')
    return {
      kind: 'invalid',
      version,
      reason: `invalid_payment: ${name} must be base64 of an x402 version ${version} exact PaymentPayload; ${payload}`,
    };
  return paymentOfVersion(version, payload, name);
}

/**
 * A decoded payment, checked for the shape of its version: version 1 names its scheme, version 2
 * echoes the requirements it `accepted`. `where` names the header or field it came from.
 */
export function paymentOfVersion(
  version: X402Version,
  payload: Record<string, unknown>,
  where: string,
): Extract<PresentedPayment, { kind: 'invalid' | 'payment' }> {
  if (payload.x402Version !== version)
    return {
      kind: 'invalid',
      version,
      reason: `invalid_x402_version: ${where} carries x402 version ${version} payments; this one says ${JSON.stringify(payload.x402Version ?? null)}`,
    };
  const wellFormed =
    isObject(payload.payload) && (version === 1 ? payload.scheme === 'exact' : isObject(payload.accepted));
  if (!wellFormed)
    return {
      kind: 'invalid',
      version,
      reason: `invalid_payment: ${where} must carry an x402 version ${version} exact PaymentPayload`,
    };
  return { kind: 'payment', version, payload };
}
