import path from 'node:path';
import { loadContent } from '../content/load-content.js';
import { reviewDateOf } from '../content/stale-check.js';
import type { ProblemFormat } from '../errors/format.js';
import { isError } from '../errors/problem.js';
import { buildOptionsProblem } from '../compile/option-problems.js';
import { PhaseTimer } from '../compile/phase-timer.js';
import { printProblems } from './print-problems.js';
import { projectFolders } from '../project/project-folders.js';
import { phaseLine } from './phase-line.js';

export interface ValidateCommandOptions {
  format: ProblemFormat;
  baseUrl?: string;
  quiet?: boolean;
  /** false (`--no-cache`): parse every document again, without reading or writing the parse cache. */
  cache?: boolean;
  cacheDir?: string;
  /** Print the time of each phase and how many documents came from the parse cache (stderr). */
  timings?: boolean;
}

export async function validateCommand(
  givenContentDir: string | undefined,
  options: ValidateCommandOptions,
): Promise<number> {
  const invalid = buildOptionsProblem({ baseUrl: options.baseUrl, sourceDateEpoch: process.env.SOURCE_DATE_EPOCH });
  const folders = projectFolders({ content: givenContentDir }, { needsContent: true });
  if (invalid || !folders.ok) {
    printProblems([...(invalid ? [invalid] : []), ...(folders.ok ? [] : folders.problems)], options.format, {
      always: true,
    });
    return 1;
  }
  const { contentDir } = folders;
  // The parse cache `agentdir build` keeps: an unchanged document is not parsed (nor read) again.
  const cacheDir = options.cache === false ? null : path.resolve(options.cacheDir ?? 'node_modules/.cache/agentdir');
  const timer = new PhaseTimer();
  if (cacheDir) {
    // Digests every input the way a build's up-to-date check does (files whose status is unchanged
    // are not read), into the same remembered table, so the parse finds cached documents unread.
    const { inputKey } = await import('../compile/up-to-date.js');
    inputKey({ contentDir, cacheDir });
    timer.mark('digest');
  }
  const { problems, stats } = await loadContent(contentDir, {
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    cacheDir,
    reviewDate: reviewDateOf(process.env.SOURCE_DATE_EPOCH),
  });
  timer.mark('load');
  const exitCode = problems.some(isError) ? 1 : 0;
  // Success is the command's output (stdout); problems are diagnostics (stderr), as with build.
  if (!problems.length && options.format === 'human') {
    if (!options.quiet) process.stdout.write('No problems found.\n');
  } else printProblems(problems, options.format, { always: true });
  if (options.timings) {
    const documents = stats
      ? `\ndocuments: ${stats.documents}, ${stats.cached} from the parse cache, ${stats.parsed} parsed${stats.threads ? ` on ${stats.threads} threads` : ''}`
      : '';
    process.stderr.write(`${timer.phases.map((phase) => phaseLine(phase)).join('\n')}${documents}\n`);
  }
  return exitCode;
}
