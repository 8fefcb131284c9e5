import { readersReportHtml } from '../analytics/report-html.js';
import { databaseRunner, readersReport } from '../analytics/report-queries.js';
import { sinceInstant } from '../analytics/since.js';
import type { ReadersDatabase } from '../shared/readers/database.js';
import type { WorkerData } from '../shared/worker-data.js';

/** Where `agentdir serve` shows the readers report, to the machine it runs on only. */
export const analyticsPagePath = '/__agentdir/analytics';

const loopback = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Whether a request came from this machine: the report names readers and what they asked, so it is not for the network. */
export function fromThisMachine(remoteAddress: string | undefined): boolean {
  return remoteAddress !== undefined && loopback.test(remoteAddress);
}

/** The readers report as the HTML page `agentdir analytics --html` writes, for the period of `?since=` (7 days unless given). */
export async function analyticsPage(url: URL, readers: ReadersDatabase, data: WorkerData): Promise<Response> {
  const now = Date.now();
  const given = url.searchParams.get('since') ?? '7d';
  const since = sinceInstant(given, now);
  if (since === null)
    return new Response(`?since=${given.slice(0, 40)} is not a period: give 24h, 7d, 4w or an ISO date.\n`, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  let report: Awaited<ReturnType<typeof readersReport>>;
  try {
    report = await readersReport(databaseRunner(readers), {
      since: new Date(since).toISOString(),
      until: new Date(now).toISOString(),
    });
  } catch (error) {
    return new Response(`The readers database cannot be read: ${(error as Error).message}\n`, {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '5' },
    });
  }
  const html = readersReportHtml(report, {
    siteName: data.site.name,
    siteUrl: data.site.url,
    generatedAt: new Date(now),
  });
  return new Response(html, {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
