import { type Check, type CheckOutcome, checkContext } from './check.js';
import { homepageCheck } from './checks/homepage.js';
import { licenseCheck } from './checks/license.js';
import { linkedOrigin, originMismatchAction } from './checks/link-origin.js';
import { llmsTxtCheck } from './checks/llms-txt.js';
import { markdownVariantsCheck } from './checks/markdown-variants.js';
import { robotsCheck } from './checks/robots.js';
import { sitemapCheck } from './checks/sitemap.js';
import type { SiteFetcher } from './fetcher.js';
import { letterGrade, type GraderReport } from './report.js';

/** The grader's checks (README: agentdir grade), weights summing to 100. */
export const checks: Check[] = [
  robotsCheck,
  llmsTxtCheck,
  sitemapCheck,
  homepageCheck,
  licenseCheck,
  markdownVariantsCheck,
];

export const graderName = 'agentdir readiness grader';

/** Grades the origin of `url` for agent readiness. Never throws for an unreachable site: its checks fail with the reason. */
export async function gradeSite(url: string, fetcher: SiteFetcher): Promise<GraderReport> {
  const origin = new URL(url).origin;
  const context = checkContext(origin, fetcher);
  const results = [];
  for (const check of checks) {
    let outcome: CheckOutcome;
    try {
      outcome = await check.run(context);
    } catch (error) {
      outcome = {
        fraction: 0,
        details: `The check could not run: ${(error as Error).message}`,
        action: 'Fix the page this check reads.',
      };
    }
    results.push({ check, outcome });
  }
  const checksOut = results.map(({ check, outcome }) => ({
    id: check.id,
    title: check.title,
    passed: outcome.fraction >= 1,
    weight: check.weight,
    score: Math.round(check.weight * outcome.fraction),
    details: outcome.details,
  }));
  const score = checksOut.reduce((sum, check) => sum + check.score, 0);
  const recommendations = results
    .filter(({ outcome }) => outcome.fraction < 1 && outcome.action)
    .map(({ check, outcome }) => ({
      check: check.id,
      priority: (outcome.fraction === 0 && check.weight >= 15 ? 'high' : outcome.fraction < 0.5 ? 'medium' : 'low') as
        | 'high'
        | 'medium'
        | 'low',
      action: outcome.action!,
    }))
    .sort((a, b) => ['high', 'medium', 'low'].indexOf(a.priority) - ['high', 'medium', 'low'].indexOf(b.priority));
  // Said first, even when every check passes: the links agents follow lead away from the graded origin.
  const linked = await linkedOrigin(context).catch(() => null);
  if (linked)
    recommendations.unshift({ check: 'llms-txt', priority: 'high', action: originMismatchAction(linked, origin) });
  return { tool: graderName, url: `${origin}/`, score, grade: letterGrade(score), checks: checksOut, recommendations };
}
