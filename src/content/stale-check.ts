import type { Problem } from '../errors/problem.js';
import { epochDate } from '../util/epoch-date.js';
import type { Article, Resource, Site } from './model.js';
import { fileProblem } from './read-source.js';
import { positionOf } from './source-file.js';

/**
 * The date reviews are counted back from: SOURCE_DATE_EPOCH when it is set (so CI can pin it),
 * else today. Only warnings depend on it, never the output.
 */
export function reviewDateOf(sourceDateEpoch?: string, now = new Date()): string {
  return epochDate(sourceDateEpoch) ?? now.toISOString().slice(0, 10);
}

/** `date` (YYYY-MM-DD) minus a period such as `180d`, `6w`, `6m` or `1y`; months and years on the calendar. */
export function dateBefore(date: string, period: string): string {
  const [, amount = '0', unit = 'd'] = /^(\d+)([dwmy])$/.exec(period) ?? [];
  const count = Number(amount);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  if (unit === 'd' || unit === 'w') {
    const days = unit === 'w' ? count * 7 : count;
    return new Date(Date.UTC(year, month - 1, day - days)).toISOString().slice(0, 10);
  }
  const months = unit === 'y' ? count * 12 : count;
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  // The same day of that month, or its last day when it is shorter (31 March minus one month: 28 or 29 February).
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

/** A warning at `updated` for each resource and guide older than site.yaml `review_after` allows. */
export function checkStaleness(site: Site, documents: (Resource | Article)[], reviewDate: string): Problem[] {
  const period = site.review_after;
  if (!period) return [];
  const cutoff = dateBefore(reviewDate, period);
  return documents
    .filter((document) => document.updated < cutoff)
    .map((document) =>
      fileProblem(
        document.file,
        'StaleContent',
        { updated: document.updated, period, reviewDate },
        { ...positionOf(document.source, ['updated']), field: 'updated', severity: 'warning' },
      ),
    );
}
