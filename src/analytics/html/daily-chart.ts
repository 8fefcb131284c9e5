// Requests per day as inline SVG: one column per day of the period, stacked by reader kind, on a
// scale with a few round gridlines.

import type { ReaderKind } from '../../shared/readers/reader-event.js';
import { escapeHtml } from '../../util/xml.js';
import { formatCount, svgNumber } from './figures.js';
import { readerKinds, series, seriesClass } from './series.js';

export interface DayColumn {
  /** YYYY-MM-DD. */
  day: string;
  requests: Record<ReaderKind, number>;
}

export interface DailyChart {
  id: string;
  title: string;
  description: string;
  days: DayColumn[];
}

const width = 800;
const height = 280;
const plot = { left: 84, right: width - 8, top: 16, bottom: height - 40 };

/** The gridline step: 1, 2 or 5 times a power of ten, giving at most four lines above zero. */
function gridStep(largest: number): number {
  const rough = largest / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((factor) => factor * power).find((step) => step >= rough) ?? 10 * power;
}

function dayTotal(column: DayColumn): number {
  return readerKinds.reduce((sum, kind) => sum + column.requests[kind], 0);
}

export function dailyChartSvg(chart: DailyChart): string {
  const largest = Math.max(1, ...chart.days.map(dayTotal));
  const step = gridStep(largest);
  const top = Math.max(step, Math.ceil(largest / step) * step);
  const scale = (plot.bottom - plot.top) / top;
  const parts: string[] = [];
  for (let value = 0; value <= top; value += step) {
    const y = svgNumber(plot.bottom - value * scale);
    parts.push(
      `<line x1="${plot.left}" x2="${plot.right}" y1="${y}" y2="${y}" class="grid"/>`,
      `<text x="${plot.left - 8}" y="${y}" dy="0.35em" text-anchor="end" class="axis">${formatCount(value)}</text>`,
    );
  }
  const band = (plot.right - plot.left) / Math.max(1, chart.days.length);
  const barWidth = Math.min(56, band * 0.72);
  // Every day's label while they fit; past two weeks, every few days'. A phone shows half of them.
  const labelEvery = Math.ceil(chart.days.length / 14);
  chart.days.forEach((column, index) => {
    const x = plot.left + index * band + (band - barWidth) / 2;
    let y = plot.bottom;
    const segments = readerKinds
      .filter((kind) => column.requests[kind] > 0)
      .map((kind) => {
        const length = column.requests[kind] * scale;
        y -= length;
        return `<rect x="${svgNumber(x)}" y="${svgNumber(y)}" width="${svgNumber(barWidth)}" height="${svgNumber(length)}" class="bar ${seriesClass(kind)}" data-kind="${kind}" data-value="${column.requests[kind]}"><title>${escapeHtml(`${column.day}: ${formatCount(column.requests[kind])} from ${series[kind].label.toLowerCase()}`)}</title></rect>`;
      });
    const every = index % (2 * labelEvery) === 0 ? '' : ' alternate';
    const label =
      index % labelEvery === 0
        ? `<text x="${svgNumber(x + barWidth / 2)}" y="${plot.bottom + 28}" text-anchor="middle" class="axis${every}">${escapeHtml(column.day.slice(5))}</text>`
        : '';
    parts.push(`<g class="day" data-day="${escapeHtml(column.day)}">${segments.join('')}${label}</g>`);
  });
  return [
    `<svg class="chart columns" role="img" aria-labelledby="${chart.id}-title" aria-describedby="${chart.id}-desc" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<title id="${chart.id}-title">${escapeHtml(chart.title)}</title>`,
    `<desc id="${chart.id}-desc">${escapeHtml(chart.description)}</desc>`,
    ...parts,
    `<line x1="${plot.left}" x2="${plot.right}" y1="${plot.bottom}" y2="${plot.bottom}" class="baseline"/>`,
    '</svg>',
  ].join('');
}
