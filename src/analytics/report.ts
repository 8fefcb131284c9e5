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

export interface RevenueRow {
  /** 'x402' (and later rails). */
  rail: string;
  x402Version: number | null;
  currency: string | null;
  /** Sum of amounts in atomic units, as a decimal string. */
  amount: string;
  payments: number;
}

export interface AccessFunnel {
  /** 402 answers: a premium read without a key or payment. */
  paymentRequired: number;
  /** Reads a key opened. */
  keyedReads: number;
  /** Reads an x402 payment opened. */
  x402Payments: number;
  revenue: RevenueRow[];
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
  feedback: FeedbackRow[];
  daily: DailyRow[];
}
