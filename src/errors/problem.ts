import { byString } from '../util/compare.js';
import { problemTexts, type ProblemArgs, type ProblemCode } from './catalog.js';
import { problemDocsUrl } from './problem-docs.js';

export type { ProblemArgs, ProblemCode } from './catalog.js';

/** One thing wrong with the content, located precisely enough for an editor to jump to it. */
export interface Problem {
  /** Stable name from the catalog, e.g. `BrokenInternalLink`. */
  code: ProblemCode;
  severity: 'error' | 'warning';
  /** Path relative to the working directory, with forward slashes. */
  file: string;
  /** 1-based; 0 when the problem concerns the whole file. */
  line: number;
  /** 1-based; 0 when unknown. */
  column: number;
  /** Dotted path of the offending field (`tags.0`), or '' for the file itself. */
  field: string;
  /** What is wrong, field first. */
  message: string;
  /** What to do about it. */
  hint: string;
  /** The page that explains the code at length. */
  docs: string;
}

/** Where a problem is; everything but the file defaults to "the file as a whole", as an error. */
export interface ProblemPlace {
  /** As shown to people (see displayPath), or the option that stands where a file would. */
  file: string;
  line?: number;
  column?: number;
  field?: string;
  severity?: 'error' | 'warning';
}

/** The one place a problem is made: its words and its docs link come from the catalog entry of `code`. */
export function createProblem<C extends ProblemCode>(code: C, args: ProblemArgs<C>, place: ProblemPlace): Problem {
  return {
    code,
    severity: place.severity ?? 'error',
    file: place.file,
    line: place.line ?? 0,
    column: place.column ?? 0,
    field: place.field ?? '',
    ...problemTexts(code, args),
    docs: problemDocsUrl(code),
  };
}

export function isError(problem: Problem): boolean {
  return problem.severity === 'error';
}

/** Sorts problems by file, then position, so every output format lists them in reading order. */
export function sortProblems(problems: Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) => byString(a.file, b.file) || a.line - b.line || a.column - b.column || byString(a.code, b.code),
  );
}
