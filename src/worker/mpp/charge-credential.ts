import { decodeBase64Json } from '../x402/base64-json.js';
import { isObject } from '../../shared/json-shapes.js';
import { maxPaymentHeaderBytes } from '../x402/presented-payment.js';
import type { PaymentRequirementsV2 } from '../x402/requirements.js';
import { transferMethodOf } from '../../shared/x402-methods.js';

export type PresentedCredential =
  | { kind: 'none' }
  | { kind: 'invalid'; reason: string }
  | { kind: 'credential'; challenge: Record<string, unknown>; authorization: Record<string, unknown> };

const authorizationFields = ['from', 'to', 'value', 'validAfter', 'validBefore', 'nonce'] as const;

/** The `Authorization: Payment` credential a request carries, read without trusting any of it. */
export function presentedCredential(headers: Headers): PresentedCredential {
  // Authorization may list several schemes (RFC 9110); the one named Payment is the credential.
  const header = headers
    .get('Authorization')
    ?.split(',')
    .find((part) => /^\s*payment\s/i.test(part));
  if (!header) return { kind: 'none' };
  const invalid = (why: string): PresentedCredential => ({
    kind: 'invalid',
    reason: `invalid_credential: Authorization: Payment must carry an evm charge credential; ${why}`,
  });
  const encoded = header.trim().slice(8).trim();
  if (encoded.length > maxPaymentHeaderBytes) return invalid(`it is over ${maxPaymentHeaderBytes} bytes`);
  const credential = decodeBase64Json(encoded, true);
  if (typeof credential === 'string') return invalid(credential);
  const { challenge, payload } = credential;
  if (!isObject(challenge) || !isObject(payload) || payload.type !== 'authorization')
    return invalid('it needs a challenge and a signed EIP-3009 authorization (payload type "authorization")');
  if ([...authorizationFields, 'signature' as const].some((field) => typeof payload[field] !== 'string'))
    return invalid(`its payload needs ${authorizationFields.join(', ')} and signature as strings`);
  return { kind: 'credential', challenge, authorization: payload };
}

/**
 * The x402 version 2 PaymentPayload that carries the same signed authorization, for the facilitator:
 * an `evm` charge credential and an `exact` EIP-3009 payment sign the very same message.
 */
export function asX402Payment(authorization: Record<string, unknown>, offered: PaymentRequirementsV2) {
  return {
    x402Version: 2,
    accepted: offered,
    payload: {
      signature: authorization.signature,
      authorization: Object.fromEntries(authorizationFields.map((field) => [field, authorization[field]])),
    },
  };
}

/**
 * The offer an `evm` charge pays: the EIP-3009 one among a slug's version 2 offers, since the
 * credential is a signed EIP-3009 authorization. Undefined when site.yaml `x402.transfer_methods`
 * offers only Permit2: then no charge is offered.
 */
export function chargedOffer(offers: PaymentRequirementsV2[]): PaymentRequirementsV2 | undefined {
  return offers.find((offer) => transferMethodOf(offer.extra) === 'eip3009');
}
