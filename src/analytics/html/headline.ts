// The figures at the top of the report: what a publisher wants to know before any chart.

import { plural } from '../../util/text.js';
import { escapeHtml } from '../../util/xml.js';
import type { ReadersReport } from '../report.js';
import { revenueTotals } from '../revenue-amount.js';
import { formatCount, formatShare } from './figures.js';

interface Headline {
  name: string;
  value: string;
  detail: string;
}

function headlines(report: ReadersReport): Headline[] {
  const { totals, access } = report;
  const searches = report.zeroResultSearches.reduce((sum, search) => sum + search.searches, 0);
  const paid = access.keyedReads + access.x402Payments + access.mppPayments;
  const mpp = access.mppPayments ? `, ${formatCount(access.mppPayments)} with MPP` : '';
  const revenue = revenueTotals(access.revenue).join(', ');
  return [
    {
      name: 'Requests',
      value: formatCount(totals.requests),
      detail: `${formatCount(totals.browserRequests)} from browsers`,
    },
    {
      name: 'Agent share',
      value: formatShare(totals.agentRequests, totals.requests),
      detail: `${formatCount(totals.agentRequests)} requests from agents`,
    },
    { name: 'Distinct readers', value: formatCount(totals.readers), detail: 'each counted once a day' },
    {
      name: 'Searches with no results',
      value: formatCount(searches),
      detail: plural(formatCount(report.zeroResultSearches.length), 'different query', 'different queries'),
    },
    { name: '402 answers', value: formatCount(access.paymentRequired), detail: 'premium reads asked to pay' },
    {
      name: 'Paid reads',
      value: formatCount(paid),
      detail: `${formatCount(access.keyedReads)} with a key, ${formatCount(access.x402Payments)} paid with x402${mpp}${revenue ? `, ${revenue}` : ''}`,
    },
  ];
}

export function headlineSection(report: ReadersReport): string {
  const items = headlines(report).map(
    (item) =>
      `<div><dt>${escapeHtml(item.name)}</dt><dd class="value">${escapeHtml(item.value)}</dd><dd class="detail">${escapeHtml(item.detail)}</dd></div>`,
  );
  return `<section id="headline" aria-labelledby="headline-heading"><h2 id="headline-heading">At a glance</h2><dl class="headline">${items.join('')}</dl></section>`;
}
