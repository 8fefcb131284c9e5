// The report for a terminal: each section as a titled table of aligned columns. Every cell from the
// database goes through `terminalText`, and long cells are cut, so no reader can disturb the screen.

import type { ReadersReport } from './report.js';
import { type Cell, type ReportSectionName, reportSections, summarySectionNames } from './report-sections.js';
import { terminalText } from './terminal-text.js';

const widest = 60;

export function reportTable(report: ReadersReport, names: ReportSectionName[] = summarySectionNames): string {
  const blocks = [`Readers from ${report.period.since} to ${report.period.until}`];
  for (const name of names) {
    const section = reportSections[name];
    const rows = section.rows(report).map((row) => row.map(tableCell));
    if (!rows.length) {
      blocks.push(`${section.title}\n  (none)`);
      continue;
    }
    const header = section.columns.map((column) => column.toUpperCase());
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
    const line = (cells: string[]) =>
      `  ${cells.map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ')}`.trimEnd();
    blocks.push([section.title, line(header), ...rows.map(line)].join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}

function tableCell(cell: Cell): string {
  if (cell === null) return '-';
  if (typeof cell === 'number') return String(cell);
  const text = terminalText(Array.isArray(cell) ? cell.join(' | ') : cell);
  return text.length > widest ? `${text.slice(0, widest - 1)}…` : text;
}
