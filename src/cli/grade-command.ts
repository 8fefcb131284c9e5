import fs from 'node:fs';
import path from 'node:path';
import { builtSiteOrigin, directoryFetcher, locateSiteFolder } from '../grader-node/directory-fetcher.js';
import { networkFetcher } from '../grader/fetcher.js';
import { internalErrorIn } from '../grader/grader-internal-error.js';
import { watchReachability } from '../grader/reachability.js';
import { formatReport } from '../grader/format-report.js';
import { gradeSite } from '../grader/grade.js';
import type { GraderReport } from '../grader/report.js';
import { checkTarget } from '../grader/target-guard.js';
import { nodeGraderNetwork } from '../grader-node/node-network.js';
import { displayPath } from '../util/paths.js';

interface GradeOptions {
  format: 'human' | 'json';
  allowPrivate?: boolean;
  minScore?: string;
}

/** The exit code of a grade that agentdir itself failed (sysexits' EX_SOFTWARE), apart from 1 (the site) and 2 (usage). */
const internalErrorExitCode = 70;

const folderHint =
  "hint: Pass the folder a build wrote its site to (`dist/public`, or the build folder `dist` itself), or the site's URL (https://...).";

/** Why a target that is no URL cannot be graded as a folder either: what was expected, and what to pass. */
function folderProblem(target: string, reason: 'not-a-folder' | 'no-site', contentFolder = false): string {
  if (reason === 'no-site') {
    const hint = contentFolder
      ? `hint: \`${target}\` looks like a content folder: build it first (\`agentdir build ${target}\`), then grade \`dist\`.`
      : folderHint;
    return `Cannot grade \`${target}\`: the folder has no index.html, llms.txt or robots.txt, so there is no built site in it.\n${hint}`;
  }
  if (fs.existsSync(target))
    return `Cannot grade \`${target}\`: it is a file, not a folder, and a URL must start with https://.\n${folderHint}`;
  // A bare host name ("docs.acme.com") was most likely meant as a URL.
  const asUrl = /^[\w-]+(\.[\w-]+)+(\/\S*)?$/.test(target) ? ` (did you mean https://${target}?)` : '';
  return `Cannot grade \`${target}\`: there is no folder \`${target}\` here (${process.cwd()}), and a URL must start with https://${asUrl}.\n${folderHint}`;
}

/** Grades, or says that agentdir itself failed (a bug, not the site) and gives the exit code for it. */
async function gradeOrExplain<T>(grade: () => Promise<T>): Promise<T | number> {
  try {
    return await grade();
  } catch (error) {
    const internal = internalErrorIn(error);
    if (!internal) throw error;
    process.stderr.write(
      `Internal error: agentdir failed while grading: ${internal.message}. This is a bug in agentdir, not a problem of the site; nothing was graded. Please report it with this message.\n`,
    );
    return internalErrorExitCode;
  }
}

async function gradeFolder(target: string): Promise<GraderReport | string> {
  const folder = await locateSiteFolder(target);
  if (!folder.ok) return folderProblem(target, folder.reason, folder.reason === 'no-site' && folder.contentFolder);
  // Said on stderr, so --format json stays one JSON document.
  if (folder.buildRoot)
    process.stderr.write(
      `Grading ${displayPath(path.resolve(folder.root))}: ${displayPath(path.resolve(folder.buildRoot))} is an agentdir build, and its site is in public/.\n`,
    );
  return gradeSite(await builtSiteOrigin(folder.root), directoryFetcher(folder.root));
}

export async function gradeCommand(target: string, options: GradeOptions): Promise<number> {
  let report: GraderReport;
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(target)) {
    const checked = checkTarget(target, { allowPrivate: Boolean(options.allowPrivate) });
    if (!checked.ok) {
      process.stderr.write(
        `Cannot grade ${target}: ${checked.reason}.${/private|loopback|local/.test(checked.reason) ? ' Pass --allow-private to grade a server on your own machine or network.' : ''}\n`,
      );
      return 2;
    }
    const watched = watchReachability(
      networkFetcher({ allowPrivate: Boolean(options.allowPrivate), ...nodeGraderNetwork() }),
    );
    const graded = await gradeOrExplain(() => gradeSite(checked.url.href, watched.fetcher));
    if (typeof graded === 'number') return graded;
    const unreachable = watched.unreachable();
    if (unreachable) {
      process.stderr.write(
        `Cannot grade ${checked.url.href}: no request reached it (${unreachable.replace(/^unreachable \((.*)\)$/, '$1')}), so nothing was graded.\nhint: Check the URL, and that this machine can reach it (its network, DNS and proxy).\n`,
      );
      return 1;
    }
    report = graded;
  } else {
    const graded = await gradeOrExplain(() => gradeFolder(target));
    if (typeof graded === 'number') return graded;
    if (typeof graded === 'string') {
      process.stderr.write(`${graded}\n`);
      return 1;
    }
    report = graded;
  }
  process.stdout.write(`${options.format === 'json' ? JSON.stringify(report, null, 2) : formatReport(report)}\n`);
  const minimum = options.minScore === undefined ? 0 : Number(options.minScore);
  return report.score < minimum ? 1 : 0;
}
