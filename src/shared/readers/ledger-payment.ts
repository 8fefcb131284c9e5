// One row of `payments` (migrations/0002_payments.sql, 0003_payment_transfer_method.sql): a payment the
// facilitator settled.

/** x402, or a Machine Payments Protocol (`Authorization: Payment`) charge. */
export type PaymentRail = 'x402' | 'mpp';

/** Where a payment was made: `GET /api/x402/<slug>`, or a paid MCP tool call. */
export type PaymentChannel = 'http' | 'mcp';

export interface LedgerPayment {
  at: number;
  day: string;
  rail: PaymentRail;
  x402Version: number | null;
  scheme: string;
  /** How an x402 payment moved the asset (`eip3009`, `permit2`); null for rows written before it was recorded. */
  transferMethod: string | null;
  /** As the offer names it: `base` in version 1, its CAIP-2 id in version 2. */
  network: string;
  /** The asset's contract address. */
  asset: string;
  /** Atomic units of the asset, as a decimal string. */
  amount: string;
  /** The wallet address the settlement names, when it names one. */
  payer: string | null;
  slug: string;
  /** The settlement's transaction id (the receipt's `transaction`). */
  transaction: string | null;
  channel: PaymentChannel;
}

/** A payment as the answer notes it; the time is the request's, added when it is recorded. */
export type SettledPayment = Omit<LedgerPayment, 'at' | 'day'>;
