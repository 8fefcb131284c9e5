import { loadContent } from '../content/load-content.js';
import { reviewDateOf } from '../content/stale-check.js';
import type { ProblemFormat } from '../errors/format.js';
import { isError } from '../errors/problem.js';
import { baseUrlProblem } from '../build/option-problems.js';
import { printProblems } from './print-problems.js';
import { projectFolders } from '../project/project-folders.js';

export async function validateCommand(
  givenContentDir: string | undefined,
  options: { format: ProblemFormat; baseUrl?: string; quiet?: boolean },
): Promise<number> {
  const invalid = baseUrlProblem(options.baseUrl);
  const folders = projectFolders({ content: givenContentDir }, { needsContent: true });
  if (invalid || !folders.ok) {
    printProblems([...(invalid ? [invalid] : []), ...(folders.ok ? [] : folders.problems)], options.format, {
      always: true,
    });
    return 1;
  }
  const { contentDir } = folders;
  const { problems } = await loadContent(contentDir, {
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    reviewDate: reviewDateOf(process.env.SOURCE_DATE_EPOCH),
  });
  // Success is the command's output (stdout); problems are diagnostics (stderr), as with build.
  if (!problems.length && options.format === 'human') {
    if (!options.quiet) process.stdout.write('No problems found.\n');
    return 0;
  }
  printProblems(problems, options.format, { always: true });
  return problems.some(isError) ? 1 : 0;
}
