import type { Problem } from '../errors/problem.js';

/**
 * A template of the user's that does not parse or render: theirs to fix, so the build reports it as
 * a `TemplateError` problem at the template's line instead of failing with a stack trace. It carries
 * the problem as plain data, so a render thread can hand it to the main thread as it is.
 */
export class TemplateError extends Error {
  override readonly name = 'TemplateError';
  constructor(readonly problem: Problem) {
    super(`${problem.file}:${problem.line}:${problem.column}  ${problem.message}`);
  }
}
