import fs from 'node:fs';
import path from 'node:path';
import { builtSiteOrigin, directoryFetcher, locateSiteFolder } from '../grader/directory-fetcher.js';
import { networkFetcher } from '../grader/fetcher.js';
import { formatReport } from '../grader/format-report.js';
import { gradeSite } from '../grader/grade.js';
import type { GraderReport } from '../grader/report.js';
import { checkTarget } from '../grader/target-guard.js';
import { nodeGraderNetwork } from '../grader/node-network.js';
import { displayPath } from '../util/paths.js';

interface GradeOptions {
  format: 'human' | 'json';
  allowPrivate?: boolean;
  minScore?: string;
}

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
    report = await gradeSite(
      checked.url.href,
      networkFetcher({ allowPrivate: Boolean(options.allowPrivate), ...nodeGraderNetwork() }),
    );
  } else {
    const graded = await gradeFolder(target);
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
