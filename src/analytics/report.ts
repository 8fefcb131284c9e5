// What `agentdir analytics` reports for a period, read from the readers database by the queries of
// src/analytics/report-queries.ts; printed as tables, JSON or CSV, or drawn as an HTML report.

import type { ReaderKind } from '../shared/readers/reader-event.js';

export interface ReportPeriod {
  /** ISO 8601 instants: the period is [since, until). */
  since: string;
  until: string;
}

export interface AgentRow {
  agent: string;
  operator: string | null;
  kind: ReaderKind;
  verified: boolean;
  requests: number;
  /** Distinct reader hashes, summed over days (a reader is counted once per day). */
  readers: number;
}

export interface FormatRow {
  format: string;
  requests: number;
  agentRequests: number;
}

export interface PageRow {
  path: string;
  requests: number;
  agentRequests: number;
}

export interface ToolRow {
  tool: string;
  calls: number;
}

export interface ZeroResultSearch {
  query: string;
  searches: number;
  /** ISO 8601 instant of the latest. */
  last: string;
}

/** What the payments ledger holds for one rail, version, network and asset. */
export interface RevenueRow {
  /** 'x402' (and later rails). */
  rail: string;
  x402Version: number | null;
  /** The asset's symbol where agentdir knows it ('USDC'), else its address. */
  currency: string | null;
  /** Sum of amounts in atomic units, as a decimal string. */
  amount: string;
  payments: number;
  /** As the offer named it: 'base' in x402 version 1, its CAIP-2 id in version 2. */
  network: string;
  /** The asset's contract address. */
  asset: string;
}

/** What one resource earned on one network and asset, over every rail and version. */
export interface ResourceRevenueRow {
  slug: string;
  currency: string;
  amount: string;
  payments: number;
  network: string;
  asset: string;
}

/** One settled payment, for accounting. */
export interface PaymentRow {
  /** ISO 8601 instant. */
  at: string;
  rail: string;
  x402Version: number | null;
  scheme: string;
  network: string;
  asset: string;
  /** Atomic units of the asset, as a decimal string. */
  amount: string;
  /** The wallet the settlement names. */
  payer: string | null;
  slug: string;
  /** The settlement's transaction id. */
  transaction: string | null;
  /** 'http' or 'mcp'. */
  channel: string;
}

export interface AccessFunnel {
  /** 402 answers: a premium read without a key or payment. */
  paymentRequired: number;
  /** Reads a key opened. */
  keyedReads: number;
  /** Reads an x402 payment opened. */
  x402Payments: number;
  /** Reads a Machine Payments Protocol charge opened. */
  mppPayments: number;
  /** From the payments ledger: by rail, version, network and asset. */
  revenue: RevenueRow[];
  /** From the payments ledger: by resource, network and asset. */
  revenueByResource: ResourceRevenueRow[];
}

export interface FeedbackRow {
  page: string;
  helpful: number;
  notHelpful: number;
  /** Mean of the 1-5 scores given, or null when none was. */
  averageScore: number | null;
  count: number;
  /** The latest comments, newest first (at most five). */
  comments: string[];
}

export interface DailyRow {
  day: string;
  kind: ReaderKind;
  requests: number;
}

export interface ReadersReport {
  period: ReportPeriod;
  totals: { requests: number; agentRequests: number; browserRequests: number; readers: number };
  agents: AgentRow[];
  formats: FormatRow[];
  pages: PageRow[];
  tools: ToolRow[];
  zeroResultSearches: ZeroResultSearch[];
  access: AccessFunnel;
  /** Every payment of the period, oldest first. */
  payments: PaymentRow[];
  feedback: FeedbackRow[];
  daily: DailyRow[];
}
