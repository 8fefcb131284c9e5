// Types of pay.mjs, for the tests that import it (mppx's own types stay inside mpp/).
export interface PaymentChallenge {
  id: string;
  realm: string;
  method: string;
  intent: string;
  request: Record<string, unknown>;
  expires?: string;
  opaque?: string;
}

export interface PaymentReceipt {
  method: string;
  reference: string;
  status: 'success';
  timestamp: string;
}

export function fetchPaying(
  url: string,
  options: {
    privateKey: `0x${string}`;
    fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
    authorization: { name: string; version: string };
  },
): Promise<Response>;

export function challengeOf(response: Response): PaymentChallenge;

export function receiptOf(header: string): PaymentReceipt;
