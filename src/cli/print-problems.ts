import { formatProblems, type ProblemFormat } from '../errors/format.js';
import type { Problem } from '../errors/problem.js';

/** Colour on a terminal, unless NO_COLOR or TERM=dumb; FORCE_COLOR (not 0 or false) turns it on anywhere, as in Node's own tools. */
export function useColor(stream: NodeJS.WriteStream): boolean {
  const force = process.env.FORCE_COLOR;
  if (force !== undefined && force !== '0' && force !== 'false') return true;
  return Boolean(stream.isTTY) && !('NO_COLOR' in process.env) && process.env.TERM !== 'dumb';
}

/** Problems go to stderr in the human format (they are diagnostics), to stdout in machine formats (they are the output). */
export function printProblems(problems: Problem[], format: ProblemFormat, { always = false } = {}): void {
  if (format === 'human') {
    if (problems.length || always)
      process.stderr.write(`${formatProblems(problems, 'human', useColor(process.stderr))}\n`);
  } else if (format === 'json' || problems.length) {
    process.stdout.write(`${formatProblems(problems, format)}\n`);
  }
}
