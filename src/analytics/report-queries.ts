// The SQL behind `agentdir analytics`: one set of queries that runs on the local SQLite file, on a
// D1 binding, and through `wrangler d1 execute --json`. The only values in them are the period's two
// instants, so a runner that cannot bind (wrangler) may inline them once checked as integers.

import type { ReadersDatabase } from '../shared/readers/database.js';
import type {
  AccessFunnel,
  AgentRow,
  DailyRow,
  FeedbackRow,
  FormatRow,
  PageRow,
  PaymentRow,
  ReadersReport,
  ReportPeriod,
  ResourceRevenueRow,
  RevenueRow,
  ToolRow,
  ZeroResultSearch,
} from './report.js';
import type { ReaderKind } from '../shared/readers/reader-event.js';
import { assetSymbol } from './revenue-amount.js';

export type Row = Record<string, unknown>;

/** Runs one query whose every `?` takes, in order, the next of `instants` (milliseconds since 1970). */
export type QueryRunner = (sql: string, instants: readonly number[]) => Promise<Row[]>;

/** How many rows each top list holds. */
export const reportLimits = { agents: 50, pages: 20, tools: 20, searches: 20, feedbackPages: 20, comments: 5 };

const inPeriod = 'at >= ? AND at < ?';

// Amounts are decimal strings that may pass 2^63: summed as two halves, joined exactly in JavaScript.
const exactSum = `coalesce(sum(CAST(substr(amount, -9) AS INTEGER)), 0) AS low,
      coalesce(sum(CAST(substr(amount, 1, max(length(amount) - 9, 0)) AS INTEGER)), 0) AS high`;
const paidAmounts = `${inPeriod} AND amount <> '' AND amount NOT GLOB '*[^0-9]*'`;

/** A runner over a D1-shaped database: the local file, or a D1 binding. */
export function databaseRunner(db: ReadersDatabase): QueryRunner {
  return async (sql, instants) =>
    (
      await db
        .prepare(sql)
        .bind(...instants)
        .all<Row>()
    ).results;
}

/**
 * `sql` with each `?` replaced by the next instant, for a runner that cannot bind parameters. Only
 * safe integers are accepted, so nothing but digits (and a sign) is ever written into the SQL.
 */
export function inlineInstants(sql: string, instants: readonly number[]): string {
  let next = 0;
  const inlined = sql.replace(/\?/g, () => {
    const value = instants[next++];
    if (!Number.isSafeInteger(value)) throw new TypeError(`A report query takes integer instants only (got ${value}).`);
    return String(value);
  });
  if (next !== instants.length) throw new TypeError(`A report query takes ${next} instants (got ${instants.length}).`);
  return inlined;
}

const queries = {
  totals: `SELECT count(*) AS requests,
      coalesce(sum(kind <> 'browser'), 0) AS agentRequests,
      coalesce(sum(kind = 'browser'), 0) AS browserRequests,
      count(DISTINCT day || ' ' || reader) AS readers
    FROM reader_events WHERE ${inPeriod}`,
  agents: `SELECT agent, operator, kind, verified, count(*) AS requests, count(DISTINCT day || ' ' || reader) AS readers
    FROM reader_events WHERE ${inPeriod}
    GROUP BY agent, operator, kind, verified
    ORDER BY requests DESC, agent, operator, kind, verified LIMIT ${reportLimits.agents}`,
  formats: `SELECT format, count(*) AS requests, coalesce(sum(kind <> 'browser'), 0) AS agentRequests
    FROM reader_events WHERE ${inPeriod}
    GROUP BY format ORDER BY requests DESC, format`,
  pages: `SELECT path, count(*) AS requests, coalesce(sum(kind <> 'browser'), 0) AS agentRequests
    FROM reader_events WHERE ${inPeriod}
    GROUP BY path ORDER BY requests DESC, path LIMIT ${reportLimits.pages}`,
  tools: `SELECT tool, count(*) AS calls
    FROM reader_events WHERE ${inPeriod} AND tool IS NOT NULL
    GROUP BY tool ORDER BY calls DESC, tool LIMIT ${reportLimits.tools}`,
  // An MCP search tool call, or a search over HTTP (a query and a count, no tool), that found nothing.
  zeroResultSearches: `SELECT query, count(*) AS searches, max(at) AS last
    FROM reader_events
    WHERE ${inPeriod} AND results = 0 AND query IS NOT NULL
      AND (tool IS NULL OR tool IN ('search', 'search_resources'))
    GROUP BY query ORDER BY searches DESC, last DESC, query LIMIT ${reportLimits.searches}`,
  access: `SELECT coalesce(sum(access = 'payment-required'), 0) AS paymentRequired,
      coalesce(sum(access = 'key'), 0) AS keyedReads,
      coalesce(sum(access = 'x402'), 0) AS x402Payments,
      coalesce(sum(access = 'mpp'), 0) AS mppPayments
    FROM reader_events WHERE ${inPeriod}`,
  revenue: `SELECT rail, x402_version AS x402Version, network, asset, count(*) AS payments, ${exactSum}
    FROM payments WHERE ${paidAmounts}
    GROUP BY rail, x402_version, network, asset ORDER BY payments DESC, rail, x402_version, network, asset`,
  revenueByResource: `SELECT slug, network, asset, count(*) AS payments, ${exactSum}
    FROM payments WHERE ${paidAmounts}
    GROUP BY slug, network, asset ORDER BY payments DESC, slug, network, asset`,
  payments: `SELECT at, rail, x402_version AS x402Version, scheme, network, asset, amount, payer, slug,
      transaction_id AS transactionId, channel
    FROM payments WHERE ${inPeriod} ORDER BY at, id`,
  feedback: `SELECT page, coalesce(sum(rating = 'helpful'), 0) AS helpful,
      coalesce(sum(rating = 'not-helpful'), 0) AS notHelpful, avg(score) AS averageScore, count(*) AS count
    FROM reader_feedback WHERE ${inPeriod}
    GROUP BY page ORDER BY count DESC, page LIMIT ${reportLimits.feedbackPages}`,
  comments: `SELECT page, comment FROM (
      SELECT page, comment, row_number() OVER (PARTITION BY page ORDER BY at DESC, id DESC) AS n
      FROM reader_feedback WHERE ${inPeriod} AND comment IS NOT NULL AND comment <> '')
    WHERE n <= ${reportLimits.comments} ORDER BY page, n`,
  daily: `SELECT day, kind, count(*) AS requests
    FROM reader_events WHERE ${inPeriod}
    GROUP BY day, kind ORDER BY day, kind`,
};

/** The report of `period`, read with `run`. */
export async function readersReport(run: QueryRunner, period: ReportPeriod): Promise<ReadersReport> {
  const instants = [Date.parse(period.since), Date.parse(period.until)];
  const query = (sql: string) => run(sql, instants);
  // Asked together, so a runner that pays per call (wrangler) can send them as one.
  const [
    totals,
    agents,
    formats,
    pages,
    tools,
    searches,
    access,
    revenue,
    revenueByResource,
    payments,
    feedback,
    comments,
    daily,
  ] = await Promise.all([
    query(queries.totals),
    query(queries.agents),
    query(queries.formats),
    query(queries.pages),
    query(queries.tools),
    query(queries.zeroResultSearches),
    query(queries.access),
    query(queries.revenue),
    query(queries.revenueByResource),
    query(queries.payments),
    query(queries.feedback),
    query(queries.comments),
    query(queries.daily),
  ]);
  const total = totals[0] ?? {};
  const funnel = access[0] ?? {};
  return {
    period,
    totals: {
      requests: count(total.requests),
      agentRequests: count(total.agentRequests),
      browserRequests: count(total.browserRequests),
      readers: count(total.readers),
    },
    agents: agents.map(
      (row): AgentRow => ({
        agent: String(row.agent),
        operator: text(row.operator),
        kind: row.kind as ReaderKind,
        verified: count(row.verified) === 1,
        requests: count(row.requests),
        readers: count(row.readers),
      }),
    ),
    formats: formats.map(
      (row): FormatRow => ({
        format: String(row.format),
        requests: count(row.requests),
        agentRequests: count(row.agentRequests),
      }),
    ),
    pages: pages.map(
      (row): PageRow => ({
        path: String(row.path),
        requests: count(row.requests),
        agentRequests: count(row.agentRequests),
      }),
    ),
    tools: tools.map((row): ToolRow => ({ tool: String(row.tool), calls: count(row.calls) })),
    zeroResultSearches: searches.map(
      (row): ZeroResultSearch => ({
        query: String(row.query),
        searches: count(row.searches),
        last: new Date(count(row.last)).toISOString(),
      }),
    ),
    access: {
      paymentRequired: count(funnel.paymentRequired),
      keyedReads: count(funnel.keyedReads),
      x402Payments: count(funnel.x402Payments),
      mppPayments: count(funnel.mppPayments),
      revenue: revenue.map(
        (row): RevenueRow => ({
          rail: String(row.rail),
          x402Version: row.x402Version === null ? null : count(row.x402Version),
          currency: assetSymbol(String(row.asset)),
          amount: summedAmount(row),
          payments: count(row.payments),
          network: String(row.network),
          asset: String(row.asset),
        }),
      ),
      revenueByResource: revenueByResource.map(
        (row): ResourceRevenueRow => ({
          slug: String(row.slug),
          currency: assetSymbol(String(row.asset)),
          amount: summedAmount(row),
          payments: count(row.payments),
          network: String(row.network),
          asset: String(row.asset),
        }),
      ),
    } satisfies AccessFunnel,
    payments: payments.map(
      (row): PaymentRow => ({
        at: new Date(count(row.at)).toISOString(),
        rail: String(row.rail),
        x402Version: row.x402Version === null ? null : count(row.x402Version),
        scheme: String(row.scheme),
        network: String(row.network),
        asset: String(row.asset),
        amount: String(row.amount),
        payer: text(row.payer),
        slug: String(row.slug),
        transaction: text(row.transactionId),
        channel: String(row.channel),
      }),
    ),
    feedback: feedback.map(
      (row): FeedbackRow => ({
        page: String(row.page),
        helpful: count(row.helpful),
        notHelpful: count(row.notHelpful),
        averageScore: row.averageScore === null ? null : Math.round(Number(row.averageScore) * 100) / 100,
        count: count(row.count),
        comments: comments.filter((comment) => comment.page === row.page).map((comment) => String(comment.comment)),
      }),
    ),
    daily: daily.map(
      (row): DailyRow => ({ day: String(row.day), kind: row.kind as ReaderKind, requests: count(row.requests) }),
    ),
  };
}

/** The two halves `exactSum` gives, joined: exact whatever the size. */
function summedAmount(row: Row): string {
  return (BigInt(count(row.high)) * 1_000_000_000n + BigInt(count(row.low))).toString();
}

function count(value: unknown): number {
  return typeof value === 'number' ? value : Number(value ?? 0);
}

function text(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}
