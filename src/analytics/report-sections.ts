// The report as tables: each section's title, column names and rows, in one list that the terminal
// table and the CSV output both read, so the two always show the same columns.

import type { ReadersReport } from './report.js';

export type Cell = string | number | null | string[];

export interface ReportSection {
  title: string;
  columns: string[];
  rows(report: ReadersReport): Cell[][];
}

export const reportSections = {
  totals: {
    title: 'Requests',
    columns: ['requests', 'agent requests', 'browser requests', 'readers'],
    rows: ({ totals }) => [[totals.requests, totals.agentRequests, totals.browserRequests, totals.readers]],
  },
  agents: {
    title: 'Readers by agent',
    columns: ['agent', 'operator', 'kind', 'verified', 'requests', 'readers'],
    rows: ({ agents }) =>
      agents.map((row) => [
        row.agent,
        row.operator,
        row.kind,
        row.verified ? 'verified' : 'unverified',
        row.requests,
        row.readers,
      ]),
  },
  formats: {
    title: 'Formats read',
    columns: ['format', 'requests', 'agent requests'],
    rows: ({ formats }) => formats.map((row) => [row.format, row.requests, row.agentRequests]),
  },
  pages: {
    title: 'Top pages',
    columns: ['path', 'requests', 'agent requests'],
    rows: ({ pages }) => pages.map((row) => [row.path, row.requests, row.agentRequests]),
  },
  tools: {
    title: 'MCP tools',
    columns: ['tool', 'calls'],
    rows: ({ tools }) => tools.map((row) => [row.tool, row.calls]),
  },
  searches: {
    title: 'Searches with no results',
    columns: ['query', 'searches', 'last'],
    rows: ({ zeroResultSearches }) => zeroResultSearches.map((row) => [row.query, row.searches, row.last]),
  },
  access: {
    title: 'Premium reads',
    columns: ['402 answers', 'keyed reads', 'x402 payments', 'MPP payments'],
    rows: ({ access }) => [[access.paymentRequired, access.keyedReads, access.x402Payments, access.mppPayments]],
  },
  revenue: {
    title: 'Revenue (atomic units)',
    columns: ['rail', 'x402 version', 'currency', 'amount', 'payments', 'network', 'asset'],
    rows: ({ access }) =>
      access.revenue.map((row) => [
        row.rail,
        row.x402Version,
        row.currency,
        row.amount,
        row.payments,
        row.network,
        row.asset,
      ]),
  },
  'revenue-by-resource': {
    title: 'Revenue by resource (atomic units)',
    columns: ['slug', 'currency', 'amount', 'payments', 'network', 'asset'],
    rows: ({ access }) =>
      access.revenueByResource.map((row) => [row.slug, row.currency, row.amount, row.payments, row.network, row.asset]),
  },
  payments: {
    title: 'Payments',
    columns: ['time', 'rail', 'x402 version', 'network', 'asset', 'amount', 'payer', 'slug', 'transaction', 'channel'],
    rows: ({ payments }) =>
      payments.map((row) => [
        row.at,
        row.rail,
        row.x402Version,
        row.network,
        row.asset,
        row.amount,
        row.payer,
        row.slug,
        row.transaction,
        row.channel,
      ]),
  },
  feedback: {
    title: 'Feedback by page',
    columns: ['page', 'helpful', 'not helpful', 'average score', 'count', 'latest comments'],
    rows: ({ feedback }) =>
      feedback.map((row) => [row.page, row.helpful, row.notHelpful, row.averageScore, row.count, row.comments]),
  },
  daily: {
    title: 'Requests by day',
    columns: ['day', 'kind', 'requests'],
    rows: ({ daily }) => daily.map((row) => [row.day, row.kind, row.requests]),
  },
} satisfies Record<string, ReportSection>;

export type ReportSectionName = keyof typeof reportSections;

export const reportSectionNames = Object.keys(reportSections) as ReportSectionName[];

/** What the terminal shows unless one section is asked for: every summary, not the payments one by one. */
export const summarySectionNames = reportSectionNames.filter((name) => name !== 'payments');
