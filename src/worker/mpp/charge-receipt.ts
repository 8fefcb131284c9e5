import { encodeBase64 } from '../x402/base64-json.js';
import type { SettleAnswer } from '../x402/facilitator.js';

export const receiptHeader = 'Payment-Receipt';

/** `Payment-Receipt`: base64url JSON naming the method, the settlement's transaction and when it settled. */
export function paymentReceipt(settled: SettleAnswer, at: Date): string {
  const receipt = {
    method: 'evm',
    reference: settled.transaction ?? '',
    status: 'success',
    timestamp: at.toISOString(),
  };
  return encodeBase64(new TextEncoder().encode(JSON.stringify(receipt)), true);
}
