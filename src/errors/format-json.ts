import { problemCatalog } from './catalog.js';
import type { Problem } from './problem.js';

/** Machine-readable problems: the same objects the other formats print (docs link included), plus each code's title. */
export function formatJson(problems: Problem[]): string {
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  return JSON.stringify(
    {
      ok: errors === 0,
      errors,
      warnings: problems.length - errors,
      problems: problems.map((problem) => ({ ...problem, title: problemCatalog[problem.code].title })),
    },
    null,
    2,
  );
}
