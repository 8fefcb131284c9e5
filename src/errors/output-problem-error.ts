import type { Problem } from './problem.js';

/**
 * An output the build cannot publish because of a setting of the site's (not a bug of agentdir's):
 * thrown by the emitter that finds it, reported by the build as the located problem it carries.
 */
export class OutputProblemError extends Error {
  override readonly name = 'OutputProblemError';
  constructor(readonly problem: Problem) {
    super(`${problem.file}  ${problem.message}`);
  }
}
