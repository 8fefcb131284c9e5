/**
 * The HTTP headers of each x402 version: version 1 carries the requirements in the 402's JSON body,
 * version 2 in `PAYMENT-REQUIRED`; the payment and its receipt each have their header.
 */
export const x402Headers = {
  1: { payment: 'X-PAYMENT', receipt: 'X-PAYMENT-RESPONSE' },
  2: { required: 'PAYMENT-REQUIRED', payment: 'PAYMENT-SIGNATURE', receipt: 'PAYMENT-RESPONSE' },
} as const;

export type X402Version = keyof typeof x402Headers;
