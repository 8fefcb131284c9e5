// One section of the report as CSV (RFC 4180: CRLF line ends, fields with a quote, comma or line
// break quoted, quotes doubled), for a spreadsheet. A text cell that a spreadsheet would run as a
// formula (starting with = + - @, tab or CR) is prefixed with an apostrophe, so a hostile query or
// user agent stays text; control characters and bidirectional overrides in it are written as `\u`
// escapes (terminal-text.ts), since CSV is often read on a terminal first.

import type { ReadersReport } from './report.js';
import { type Cell, type ReportSectionName, reportSections } from './report-sections.js';
import { terminalText } from './terminal-text.js';

const formulaStart = /^[=+\-@\t\r]/;

export function reportCsv(report: ReadersReport, name: ReportSectionName): string {
  const section = reportSections[name];
  const lines = [section.columns, ...section.rows(report)].map((row) => row.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = Array.isArray(cell) ? cell.map(neutralised).join('\n') : neutralised(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function neutralised(cell: string): string {
  const text = terminalText(cell);
  return formulaStart.test(text) ? `'${text}` : text;
}
