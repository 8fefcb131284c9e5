// The sections of the HTML report, each a heading, a sentence on what it shows, and a chart with
// its table, or a plain sentence when the period has nothing to show.

import type { ReaderKind } from '../../shared/readers/reader-event.js';
import { escapeHtml } from '../../util/xml.js';
import type { ReadersReport } from '../report.js';
import { revenueAmount } from '../revenue-amount.js';
import { type BarRow, barChartSvg } from './bar-chart.js';
import { chartFigure, dataTable, emptySection } from './chart-figure.js';
import { type DayColumn, dailyChartSvg } from './daily-chart.js';
import { formatCount, formatShare } from './figures.js';
import { readerKinds, type SeriesId, series } from './series.js';

/** How many rows a bar chart draws; its table lists them all. */
const chartRows = 12;

function section(id: string, title: string, lede: string, body: string): string {
  return `<section id="${id}" aria-labelledby="${id}-heading"><h2 id="${id}-heading">${escapeHtml(title)}</h2><p class="lede">${escapeHtml(lede)}</p>${body}</section>`;
}

function topNote(shown: number, total: number, noun: string): string | undefined {
  return total > shown
    ? `The chart draws the ${shown} ${noun} with the most; the table lists all ${formatCount(total)}.`
    : undefined;
}

function byLargest<T>(rows: T[], value: (row: T) => number): T[] {
  return [...rows].sort((a, b) => value(b) - value(a));
}

function describeTop(rows: BarRow[], noun: string): string {
  const first = rows[0];
  if (!first) return `No ${noun}.`;
  const total = first.segments.reduce((sum, segment) => sum + segment.value, 0);
  return `${formatCount(rows.length)} ${noun} drawn; the largest is ${first.label} with ${formatCount(total)}.`;
}

const dayMs = 86_400_000;
/** A period longer than this is drawn from its first day with requests. */
const maxDays = 400;
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** Every UTC day of the period, each with its requests by kind (zero where none). */
export function periodDays(report: ReadersReport): DayColumn[] {
  const byDay = new Map<string, Record<ReaderKind, number>>();
  for (const row of report.daily) {
    if (!dayPattern.test(row.day) || !readerKinds.includes(row.kind)) continue;
    const counts = byDay.get(row.day) ?? { 'ai-agent': 0, crawler: 0, browser: 0, unknown: 0 };
    counts[row.kind] += row.requests;
    byDay.set(row.day, counts);
  }
  const dataDays = [...byDay.keys()].sort().map((day) => Date.parse(`${day}T00:00:00Z`));
  const since = Date.parse(report.period.since);
  const until = Date.parse(report.period.until);
  const floor = (time: number) => Math.floor(time / dayMs) * dayMs;
  let first = Math.min(Number.isFinite(since) ? floor(since) : Infinity, ...dataDays);
  const last = Math.max(Number.isFinite(until) ? floor(until - 1) : -Infinity, ...dataDays);
  if (!Number.isFinite(first) || !Number.isFinite(last)) return [];
  if ((last - first) / dayMs >= maxDays) first = Math.max(dataDays[0] ?? last, last - (maxDays - 1) * dayMs);
  const days: DayColumn[] = [];
  for (let time = first; time <= last; time += dayMs) {
    const day = new Date(time).toISOString().slice(0, 10);
    days.push({ day, requests: byDay.get(day) ?? { 'ai-agent': 0, crawler: 0, browser: 0, unknown: 0 } });
  }
  return days;
}

export function dailySection(report: ReadersReport): string {
  const days = periodDays(report);
  const totals = days.map((column) => readerKinds.reduce((sum, kind) => sum + column.requests[kind], 0));
  const lede = 'Every request the worker answered, by the kind of reader that sent it.';
  if (totals.every((total) => total === 0))
    return section('daily', 'Requests per day', lede, emptySection('No requests were recorded in this period.'));
  const busiest = totals.indexOf(Math.max(...totals));
  const caption = `Requests per day, ${days[0]!.day} to ${days.at(-1)!.day}, stacked by reader kind`;
  const svg = dailyChartSvg({
    id: 'daily-chart',
    title: caption,
    description: `${formatCount(totals.reduce((a, b) => a + b, 0))} requests over ${days.length} days; the busiest day was ${days[busiest]!.day} with ${formatCount(totals[busiest]!)}.`,
    days,
  });
  const table = {
    caption,
    head: ['Day', ...readerKinds.map((kind) => series[kind].label), 'Total'],
    rows: days.map((column, index) => [
      column.day,
      ...readerKinds.map((kind) => column.requests[kind]),
      totals[index]!,
    ]),
  };
  return section('daily', 'Requests per day', lede, chartFigure({ caption, svg, series: readerKinds, table }));
}

export function agentsSection(report: ReadersReport): string {
  const agents = byLargest(report.agents, (agent) => agent.requests);
  const lede =
    'Who read the site: agents named from the crawler list, verified when they signed their requests (Web Bot Auth).';
  if (agents.length === 0)
    return section('agents', 'Readers by agent', lede, emptySection('No reader was recorded in this period.'));
  const rows: BarRow[] = agents.slice(0, chartRows).map((agent) => ({
    label: agent.operator ? `${agent.agent} (${agent.operator})` : agent.agent,
    mark: agent.verified ? 'verified' : undefined,
    // A kind this version does not know is drawn as unidentified rather than not at all.
    segments: [{ series: readerKinds.includes(agent.kind) ? agent.kind : 'unknown', value: agent.requests }],
  }));
  const caption = 'Requests by agent, coloured by reader kind; a check mark means its signature was verified';
  const svg = barChartSvg({ id: 'agents-chart', title: caption, description: describeTop(rows, 'agents'), rows });
  const table = {
    caption: 'Requests and readers by agent',
    head: ['Agent', 'Operator', 'Kind', 'Verified', 'Requests', 'Readers'],
    rows: agents.map((agent) => [
      agent.agent,
      agent.operator ?? '',
      readerKinds.includes(agent.kind) ? series[agent.kind].label : agent.kind,
      agent.verified ? 'Yes' : 'No',
      agent.requests,
      agent.readers,
    ]),
  };
  const kinds = readerKinds.filter((kind) => rows.some((row) => row.segments[0]!.series === kind));
  return section(
    'agents',
    'Readers by agent',
    lede,
    chartFigure({ caption, svg, series: kinds, table, note: topNote(rows.length, agents.length, 'agents') }),
  );
}

/** A chart of requests per item (formats, pages) split into agents' and others'. */
function agentSplitSection(
  id: string,
  title: string,
  lede: string,
  empty: string,
  items: { label: string; requests: number; agentRequests: number }[],
  noun: string,
): string {
  if (items.length === 0) return section(id, title, lede, emptySection(empty));
  const sorted = byLargest(items, (item) => item.requests);
  const rows: BarRow[] = sorted.slice(0, chartRows).map((item) => ({
    label: item.label,
    segments: [
      { series: 'agent-requests', value: item.agentRequests },
      { series: 'other-requests', value: Math.max(0, item.requests - item.agentRequests) },
    ],
  }));
  const caption = `Requests by ${noun}, agents' and others'`;
  const svg = barChartSvg({ id: `${id}-chart`, title: caption, description: describeTop(rows, `${noun}s`), rows });
  const table = {
    caption,
    head: [noun[0]!.toUpperCase() + noun.slice(1), 'Requests', 'Agent requests', 'Agent share'],
    rows: sorted.map((item) => [
      item.label,
      item.requests,
      item.agentRequests,
      formatShare(item.agentRequests, item.requests),
    ]),
  };
  return section(
    id,
    title,
    lede,
    chartFigure({
      caption,
      svg,
      series: ['agent-requests', 'other-requests'],
      table,
      note: topNote(rows.length, sorted.length, `${noun}s`),
    }),
  );
}

export function formatsSection(report: ReadersReport): string {
  return agentSplitSection(
    'formats',
    'Formats',
    'What readers asked for: HTML pages, Markdown, JSON, llms.txt, MCP...',
    'No request was recorded in this period.',
    report.formats.map((row) => ({ label: row.format, requests: row.requests, agentRequests: row.agentRequests })),
    'format',
  );
}

export function pagesSection(report: ReadersReport): string {
  return agentSplitSection(
    'pages',
    'Top pages',
    'The paths read most.',
    'No page was read in this period.',
    report.pages.map((row) => ({ label: row.path, requests: row.requests, agentRequests: row.agentRequests })),
    'page',
  );
}

export function accessSection(report: ReadersReport): string {
  const { access } = report;
  const lede = 'Premium reads: answered 402 Payment Required, then opened by an access key or paid with x402.';
  const steps: { id: SeriesId; value: number }[] = [
    { id: 'payment-required', value: access.paymentRequired },
    { id: 'key', value: access.keyedReads },
    { id: 'x402', value: access.x402Payments },
    // Shown once a Machine Payments Protocol charge was made.
    ...(access.mppPayments ? [{ id: 'mpp' as const, value: access.mppPayments }] : []),
  ];
  if (steps.every((step) => step.value === 0) && access.revenue.length === 0)
    return section(
      'access',
      'Paid access',
      lede,
      emptySection('No premium read was asked to pay, opened by a key or paid in this period.'),
    );
  const rows: BarRow[] = steps.map((step) => ({
    label: series[step.id].label,
    segments: [{ series: step.id, value: step.value }],
  }));
  const caption = 'From 402 answers to keyed and paid reads';
  const conversion = `${formatShare(access.x402Payments, access.paymentRequired)} of 402 answers were followed by an x402 payment`;
  const svg = barChartSvg({
    id: 'access-chart',
    title: caption,
    description: `${formatCount(access.paymentRequired)} answers asked for payment; ${formatCount(access.keyedReads)} reads were opened by a key and ${formatCount(access.x402Payments)} paid with x402.`,
    rows,
  });
  const figure = chartFigure({
    caption,
    svg,
    table: { caption, head: ['Step', 'Count'], rows: rows.map((row) => [row.label, row.segments[0]!.value]) },
    note: access.paymentRequired > 0 ? `${conversion}.` : 'No 402 answer in this period.',
  });
  const revenue =
    access.revenue.length === 0
      ? emptySection('No payment was received in this period.')
      : dataTable({
          caption: 'Revenue by payment rail and asset',
          head: ['Rail', 'x402 version', 'Asset', 'Amount', 'Atomic units', 'Payments'],
          rows: access.revenue.map((row) => [
            row.rail,
            row.x402Version === null ? '' : String(row.x402Version),
            row.currency ?? '',
            revenueAmount(row.amount, row.currency),
            row.amount,
            row.payments,
          ]),
        });
  const byResource =
    access.revenueByResource.length === 0
      ? ''
      : dataTable({
          caption: 'Revenue by resource',
          head: ['Resource', 'Network', 'Amount', 'Payments'],
          rows: access.revenueByResource.map((row) => [
            row.slug,
            row.network,
            revenueAmount(row.amount, row.currency),
            row.payments,
          ]),
        });
  return section('access', 'Paid access', lede, `${figure}<h3>Revenue</h3>${revenue}${byResource}`);
}

export function searchesSection(report: ReadersReport): string {
  const searches = byLargest(report.zeroResultSearches, (search) => search.searches);
  const lede = 'What readers looked for and did not find: the pages to write next.';
  if (searches.length === 0)
    return section(
      'searches',
      'Searches with no results',
      lede,
      emptySection('No searches came back empty in this period.'),
    );
  const rows: BarRow[] = searches.slice(0, chartRows).map((search) => ({
    label: search.query,
    segments: [{ series: 'count', value: search.searches }],
  }));
  const caption = 'Searches that found nothing, by query';
  const svg = barChartSvg({ id: 'searches-chart', title: caption, description: describeTop(rows, 'queries'), rows });
  const table = {
    caption,
    head: ['Query', 'Searches', 'Last searched'],
    rows: searches.map((search) => [search.query, search.searches, search.last]),
  };
  return section(
    'searches',
    'Searches with no results',
    lede,
    chartFigure({ caption, svg, table, note: topNote(rows.length, searches.length, 'queries') }),
  );
}

export function toolsSection(report: ReadersReport): string {
  const tools = byLargest(report.tools, (tool) => tool.calls);
  const lede = 'The tools agents called on the MCP server.';
  if (tools.length === 0)
    return section('tools', 'MCP tools', lede, emptySection('No MCP tool was called in this period.'));
  const rows: BarRow[] = tools
    .slice(0, chartRows)
    .map((tool) => ({ label: tool.tool, segments: [{ series: 'count', value: tool.calls }] }));
  const caption = 'Calls by MCP tool';
  const svg = barChartSvg({ id: 'tools-chart', title: caption, description: describeTop(rows, 'tools'), rows });
  const table = { caption, head: ['Tool', 'Calls'], rows: tools.map((tool) => [tool.tool, tool.calls]) };
  return section(
    'tools',
    'MCP tools',
    lede,
    chartFigure({ caption, svg, table, note: topNote(rows.length, tools.length, 'tools') }),
  );
}

function averageScore(score: number | null): string {
  return score === null ? '' : `${(Math.round(score * 10) / 10).toFixed(1)} / 5`;
}

export function feedbackSection(report: ReadersReport): string {
  const pages = byLargest(report.feedback, (page) => page.count);
  const lede = 'What agents said about the pages they read, through the feedback endpoint.';
  if (pages.length === 0)
    return section('feedback', 'Feedback', lede, emptySection('No feedback was given in this period.'));
  const rows: BarRow[] = pages.slice(0, chartRows).map((page) => ({
    label: page.page,
    segments: [
      { series: 'helpful', value: page.helpful },
      { series: 'not-helpful', value: page.notHelpful },
      { series: 'neutral', value: Math.max(0, page.count - page.helpful - page.notHelpful) },
    ],
    figure: page.averageScore === null ? undefined : `${formatCount(page.count)} · ${averageScore(page.averageScore)}`,
  }));
  const caption = 'Feedback by page: helpful, not helpful, neither; with the average score';
  const svg = barChartSvg({ id: 'feedback-chart', title: caption, description: describeTop(rows, 'pages'), rows });
  const table = {
    caption: 'Feedback by page',
    head: ['Page', 'Helpful', 'Not helpful', 'Average score', 'Responses'],
    rows: pages.map((page) => [page.page, page.helpful, page.notHelpful, averageScore(page.averageScore), page.count]),
  };
  const commented = pages.filter((page) => page.comments.length > 0);
  const comments =
    commented.length === 0
      ? emptySection('No comment was left in this period.')
      : commented
          .map(
            (page) =>
              `<h4>${escapeHtml(page.page)}</h4><ul class="comments">${page.comments.map((comment) => `<li>${escapeHtml(comment)}</li>`).join('')}</ul>`,
          )
          .join('');
  return section(
    'feedback',
    'Feedback',
    lede,
    `${chartFigure({
      caption,
      svg,
      series: ['helpful', 'not-helpful', 'neutral'],
      table,
      note: topNote(rows.length, pages.length, 'pages'),
    })}<h3>Comments, newest first</h3>${comments}`,
  );
}
