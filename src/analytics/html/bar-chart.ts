// Horizontal bars drawn as inline SVG: one row per item, its label above its bar, the figure at the
// bar's end. A bar may stack a few series (agent and other requests, helpful and not).

import { escapeHtml } from '../../util/xml.js';
import { formatCount, svgNumber, truncateLabel } from './figures.js';
import { type SeriesId, series, seriesClass } from './series.js';

export interface BarRow {
  label: string;
  /** A word set after the label in its own style, such as `verified`. */
  mark?: string;
  segments: { series: SeriesId; value: number }[];
  /** What is written at the bar's end; the sum of its segments by default. */
  figure?: string;
}

export interface BarChart {
  /** Unique on the page: the SVG's title and description are named after it. */
  id: string;
  title: string;
  description: string;
  rows: BarRow[];
}

const width = 480;
const rowHeight = 46;
const barHeight = 18;
/** Room at the right for the figure of the longest bar. */
const figureRoom = 84;

function rowTotal(row: BarRow): number {
  return row.segments.reduce((sum, segment) => sum + segment.value, 0);
}

function drawRow(row: BarRow, index: number, scale: number): string {
  const top = index * rowHeight;
  const total = rowTotal(row);
  const mark = row.mark ? `<tspan class="mark"> ✓ ${escapeHtml(row.mark)}</tspan>` : '';
  const parts = [`<text x="0" y="${top + 15}" class="label">${escapeHtml(truncateLabel(row.label, 44))}${mark}</text>`];
  let x = 0;
  for (const segment of row.segments) {
    if (segment.value <= 0) continue;
    const length = segment.value * scale;
    parts.push(
      `<rect x="${svgNumber(x)}" y="${top + 22}" width="${svgNumber(length)}" height="${barHeight}" class="bar ${seriesClass(segment.series)}" data-value="${segment.value}"><title>${escapeHtml(`${series[segment.series].label}: ${formatCount(segment.value)}`)}</title></rect>`,
    );
    x += length;
  }
  const figure = row.figure ?? formatCount(total);
  parts.push(`<text x="${svgNumber(x + 6)}" y="${top + 36}" class="figure">${escapeHtml(figure)}</text>`);
  return `<g class="row">${parts.join('')}</g>`;
}

/** The SVG of a bar chart; bars are in proportion to their totals, the longest filling the width. */
export function barChartSvg(chart: BarChart): string {
  const largest = Math.max(0, ...chart.rows.map(rowTotal));
  const scale = largest > 0 ? (width - figureRoom) / largest : 0;
  const height = chart.rows.length * rowHeight;
  return [
    `<svg class="chart bars" role="img" aria-labelledby="${chart.id}-title" aria-describedby="${chart.id}-desc" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<title id="${chart.id}-title">${escapeHtml(chart.title)}</title>`,
    `<desc id="${chart.id}-desc">${escapeHtml(chart.description)}</desc>`,
    ...chart.rows.map((row, index) => drawRow(row, index, scale)),
    '</svg>',
  ].join('');
}
