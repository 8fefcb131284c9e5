// Shared by the Node network (which raises it) and the grader (worker-safe), so a failure of
// agentdir's own code is never reported as a failure of the site being graded.

/** agentdir failed while grading: a bug or a broken install, not something the graded site did. */
export class GraderInternalError extends Error {
  override readonly name = 'GraderInternalError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The internal failure behind an error, by name: the worker bundle and the CLI each have their own copy of the class. */
export function internalErrorIn(error: unknown): GraderInternalError | null {
  return (error as Error | null)?.name === 'GraderInternalError' ? (error as GraderInternalError) : null;
}
