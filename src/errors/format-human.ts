import { maxContentFileBytes } from '../util/limits.js';
import { readRegularFileSync } from '../util/regular-file.js';
import { problemCatalog } from './catalog.js';
import type { Problem } from './problem.js';

export interface HumanFormatOptions {
  color: boolean;
}

/** Problems for a terminal: location, message, the offending line with a caret, the hint and the docs link. */
export function formatHuman(problems: Problem[], options: HumanFormatOptions): string {
  const paint = (code: string, text: string) => (options.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const lines: string[] = [];
  const fileCache = new Map<string, string[] | undefined>();
  for (const problem of problems) {
    const where = problem.line ? `${problem.file}:${problem.line}:${problem.column || 1}` : problem.file;
    const level = problem.severity === 'error' ? paint('31', 'error') : paint('33', 'warning');
    const title = paint('2', `[${problem.code}: ${problemCatalog[problem.code].title}]`);
    lines.push(`${paint('1', where)}  ${level}  ${problem.message}  ${title}`);
    const source = problem.line ? sourceLine(fileCache, problem.file, problem.line) : undefined;
    if (source !== undefined) {
      const gutter = String(problem.line).padStart(5);
      const { text, column } = lineWindow(source, problem.column);
      lines.push(paint('2', `${gutter} | `) + text);
      if (column > 0)
        lines.push(paint('2', `${' '.repeat(gutter.length)} | `) + ' '.repeat(column - 1) + paint('31', '^'));
    }
    const indent = ' '.repeat(6);
    lines.push(
      `${indent}${paint('36', 'hint:')} ${problem.hint}`,
      `${indent}${paint('2', `docs: ${problem.docs}`)}`,
      '',
    );
  }
  lines.push(summary(problems));
  return lines.join('\n');
}

/** At most about 120 characters of a long line, around the column, so a minified line does not flood the terminal. */
function lineWindow(line: string, column: number, width = 120): { text: string; column: number } {
  if (line.length <= width) return { text: line, column };
  const start = Math.max(0, Math.min((column || 1) - 1 - width / 4, line.length - width));
  const head = start > 0 ? '…' : '';
  const tail = start + width < line.length ? '…' : '';
  return {
    text: `${head}${line.slice(start, start + width)}${tail}`,
    column: column > 0 ? column - start + head.length : 0,
  };
}

export function summary(problems: Problem[]): string {
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const warnings = problems.length - errors;
  const files = new Set(problems.map((problem) => problem.file)).size;
  if (!problems.length) return 'No problems found.';
  return `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}.`;
}

function sourceLine(cache: Map<string, string[] | undefined>, file: string, line: number): string | undefined {
  if (!cache.has(file)) {
    try {
      // Only a regular text file of sane size is quoted: never a device, a pipe or a runaway file.
      const read = readRegularFileSync(file, { maxBytes: maxContentFileBytes });
      if (!read.ok) throw new Error('not quoted');
      cache.set(file, read.bytes.toString('utf8').split(/\r?\n/));
    } catch {
      cache.set(file, undefined);
    }
  }
  return cache.get(file)?.[line - 1];
}
