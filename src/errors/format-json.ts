import { problemTitles, type Problem } from './problem.js';

/** Machine-readable problems: the same objects the other formats print, plus each code's title. */
export function formatJson(problems: Problem[]): string {
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  return JSON.stringify(
    {
      ok: errors === 0,
      errors,
      warnings: problems.length - errors,
      problems: problems.map((problem) => ({ ...problem, title: problemTitles[problem.code] })),
    },
    null,
    2,
  );
}
