// `agentdir analytics --html`: the readers report as one self-contained page. The charts are SVG
// drawn here, at render time; the page loads nothing and runs nothing (its Content-Security-Policy
// says so too), reads in light and dark, prints, and gives every figure in a table as well.

import { plural } from '../util/text.js';
import { escapeHtml } from '../util/xml.js';
import type { ReadersReport } from './report.js';
import { headlineSection } from './html/headline.js';
import {
  accessSection,
  agentsSection,
  dailySection,
  feedbackSection,
  formatsSection,
  pagesSection,
  searchesSection,
  toolsSection,
} from './html/report-sections.js';
import { reportStyle } from './html/report-style.js';
import { seriesPatterns } from './html/series.js';

export interface ReportHtmlOptions {
  siteName: string;
  siteUrl: string;
  generatedAt: Date;
}

/** Nothing to fetch, no script: a report opened from a mail or a shared folder stays inert. */
const contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/** `[since, until)` as the days it covers, in UTC. */
function periodText(report: ReadersReport): string {
  const since = Date.parse(report.period.since);
  const until = Date.parse(report.period.until);
  if (!Number.isFinite(since) || !Number.isFinite(until) || until <= since)
    return `From ${report.period.since} to ${report.period.until}`;
  const first = new Date(since).toISOString().slice(0, 10);
  const last = new Date(until - 1).toISOString().slice(0, 10);
  const days = Math.ceil((until - since) / 86_400_000);
  return first === last ? `${first} (UTC)` : `${first} to ${last} (UTC), ${plural(days, 'day')}`;
}

function siteLink(options: ReportHtmlOptions): string {
  // Only a web address becomes a link; anything else is shown as text.
  return /^https?:\/\//i.test(options.siteUrl)
    ? `<a href="${escapeHtml(options.siteUrl)}">${escapeHtml(options.siteUrl)}</a>`
    : escapeHtml(options.siteUrl);
}

export function readersReportHtml(report: ReadersReport, options: ReportHtmlOptions): string {
  const title = `Readers of ${options.siteName}`;
  const generated = `${options.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    '<meta name="robots" content="noindex">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(`${title}: ${periodText(report)}`)}</title>`,
    `<style>${reportStyle()}</style>`,
    '</head>',
    '<body>',
    seriesPatterns(),
    '<header class="wrap">',
    `<h1>${escapeHtml(title)}</h1>`,
    `<p class="period">${escapeHtml(periodText(report))} · ${siteLink(options)}</p>`,
    '</header>',
    '<main class="wrap">',
    headlineSection(report),
    dailySection(report),
    `<div class="pair">${agentsSection(report)}${searchesSection(report)}</div>`,
    accessSection(report),
    `<div class="pair">${formatsSection(report)}${toolsSection(report)}</div>`,
    pagesSection(report),
    feedbackSection(report),
    '</main>',
    `<footer class="wrap"><p>Made by <code>agentdir analytics</code> on ${escapeHtml(generated)}. A reader is counted once a day.</p></footer>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
