/**
 * Where x402 messages travel over HTTP, per version: version 1 carries the requirements in the
 * 402's JSON body, version 2 in `PAYMENT-REQUIRED`; the payment and its receipt each have a header.
 */
export const x402Headers = {
  1: { payment: 'X-PAYMENT', receipt: 'X-PAYMENT-RESPONSE' },
  2: { required: 'PAYMENT-REQUIRED', payment: 'PAYMENT-SIGNATURE', receipt: 'PAYMENT-RESPONSE' },
} as const;

export type X402Version = keyof typeof x402Headers;

/** The `_meta` keys of the x402 MCP transport: the PaymentPayload in a request, the receipt in its result. */
export const x402MetaKeys = { payment: 'x402/payment', receipt: 'x402/payment-response' } as const;
