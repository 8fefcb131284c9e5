import fs from 'node:fs';
import { builtSiteOrigin, directoryFetcher } from '../grader/directory-fetcher.js';
import { networkFetcher } from '../grader/fetcher.js';
import { formatReport } from '../grader/format-report.js';
import { gradeSite } from '../grader/grade.js';
import { checkTarget } from '../grader/target-guard.js';
import { resolveHost } from '../grader/resolve-host.js';

export async function gradeCommand(target: string, options: { format: 'human' | 'json'; allowPrivate?: boolean; minScore?: string }): Promise<number> {
  let report;
  if (fs.existsSync(target) && fs.statSync(target).isDirectory()) {
    report = await gradeSite(await builtSiteOrigin(target), directoryFetcher(target));
  } else {
    const checked = checkTarget(target, { allowPrivate: Boolean(options.allowPrivate) });
    if (!checked.ok) {
      process.stderr.write(`Cannot grade ${target}: ${checked.reason}.${/private|loopback|local/.test(checked.reason) ? ' Pass --allow-private to grade a server on your own machine or network.' : ''}\n`);
      return 2;
    }
    report = await gradeSite(checked.url.href, networkFetcher({ allowPrivate: Boolean(options.allowPrivate), resolveHost }));
  }
  process.stdout.write(`${options.format === 'json' ? JSON.stringify(report, null, 2) : formatReport(report)}\n`);
  const minimum = options.minScore === undefined ? 0 : Number(options.minScore);
  return report.score < minimum ? 1 : 0;
}
