import type { Problem, ProblemCode } from '../errors/problem.js';
import { displayPath } from '../util/paths.js';

/** A problem located in a content file; `line` 0 means the file as a whole. */
export function fileProblem(
  file: string,
  code: ProblemCode,
  message: string,
  hint: string,
  at: { line?: number; column?: number; field?: string; severity?: 'error' | 'warning' } = {},
): Problem {
  return {
    code,
    severity: at.severity ?? 'error',
    file: displayPath(file),
    line: at.line ?? 0,
    column: at.column ?? 0,
    field: at.field ?? '',
    message,
    hint,
  };
}
