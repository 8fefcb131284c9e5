import { createProblem, type Problem, type ProblemArgs, type ProblemCode } from '../errors/problem.js';
import { displayPath } from '../util/paths.js';

/** Where in a content file a problem is; no line means the file as a whole. */
export interface FilePosition {
  line?: number;
  column?: number;
  field?: string;
  severity?: 'error' | 'warning';
}

/** A problem located in a content file, worded by the catalog entry of `code` from `args`. */
export function fileProblem<C extends ProblemCode>(
  file: string,
  code: C,
  args: ProblemArgs<C>,
  at: FilePosition = {},
): Problem {
  return createProblem(code, args, { ...at, file: displayPath(file) });
}

/** The content folder as hints name it (`site/resources/`): relative to the working folder, `.` when it is that folder. */
export function contentFolderShown(contentDir: string): string {
  return displayPath(contentDir) || '.';
}
