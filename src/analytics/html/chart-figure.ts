// A chart as the report shows it: a <figure> with its caption and legend, the SVG, and the same
// figures in a real table (folded in a <details>), so a screen reader, a printout or a program
// reading the HTML gets every number the chart draws.

import { escapeHtml } from '../../util/xml.js';
import { formatCount } from './figures.js';
import { legend, type SeriesId } from './series.js';

/** A table cell: text as it is, or a count (right-aligned, with thousands separators). */
export type Cell = string | number;

export interface DataTable {
  caption: string;
  head: string[];
  /** The first cell of a row heads it. */
  rows: Cell[][];
}

function cell(value: Cell, index: number): string {
  if (typeof value === 'number') return `<td class="number">${formatCount(value)}</td>`;
  return index === 0 ? `<th scope="row">${escapeHtml(value)}</th>` : `<td>${escapeHtml(value)}</td>`;
}

export function dataTable(table: DataTable): string {
  const head = table.head.map((name) => `<th scope="col">${escapeHtml(name)}</th>`).join('');
  const rows = table.rows.map((row) => `<tr>${row.map(cell).join('')}</tr>`).join('');
  return `<table><caption>${escapeHtml(table.caption)}</caption><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

export interface ChartFigure {
  caption: string;
  svg: string;
  series?: SeriesId[];
  table: DataTable;
  /** A sentence after the chart, inside the figure (what it leaves out, a rate). */
  note?: string;
}

export function chartFigure(figure: ChartFigure): string {
  return [
    '<figure>',
    `<figcaption>${escapeHtml(figure.caption)}</figcaption>`,
    figure.series ? legend(figure.series) : '',
    `<div class="chart-frame">${figure.svg}</div>`,
    figure.note ? `<p class="note">${escapeHtml(figure.note)}</p>` : '',
    `<details><summary>The figures as a table</summary>${dataTable(figure.table)}</details>`,
    '</figure>',
  ].join('');
}

/** What an empty section says instead of a chart. */
export function emptySection(sentence: string): string {
  return `<p class="empty">${escapeHtml(sentence)}</p>`;
}
