// One row of `reader_events` (migrations/0001_agent_readers.sql), as the worker records it.

import type { SettledPayment } from './ledger-payment.js';

export type ReaderKind = 'ai-agent' | 'crawler' | 'browser' | 'unknown';

export type ReadFormat = 'html' | 'markdown' | 'json' | 'ndjson' | 'llms-txt' | 'mcp' | 'text' | 'other';

/** How a request was let in: `siwx` is a wallet that paid before, reading again with a Sign-In-With-X proof. */
export type AccessOutcome = 'free' | 'payment-required' | 'key' | 'x402' | 'mpp' | 'siwx' | 'refused';

/** Who sent a request, as the worker judged it (src/worker/readers/classify-reader.ts). */
export interface ReaderIdentity {
  agent: string;
  operator: string | null;
  kind: ReaderKind;
  verified: boolean;
}

/** What a route handler noted while answering: filled in as it goes, recorded after the answer. */
export interface RequestNotes {
  mcpMethod?: string;
  tool?: string;
  query?: string;
  results?: number;
  access?: AccessOutcome;
  keyTier?: string;
  x402Version?: number;
  amount?: string;
  currency?: string;
  slug?: string;
  /** Each payment settled while answering (an MCP batch may hold several): rows of the payments ledger. */
  payments?: SettledPayment[];
}

export interface ReaderEvent extends ReaderIdentity, RequestNotes {
  at: number;
  day: string;
  reader: string | null;
  userAgent: string | null;
  method: string;
  path: string;
  format: ReadFormat;
  status: number;
}
