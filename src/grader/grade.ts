import { type Check, type CheckContext, type CheckOutcome, checkContext } from './check.js';
import { agentSkillsCheck } from './checks/extended/agent-skills.js';
import { agentCardCheck } from './checks/extended/agent-card.js';
import { apiCatalogCheck } from './checks/extended/api-catalog.js';
import { ardManifestCheck } from './checks/extended/ard-manifest.js';
import { contentSignalCheck } from './checks/extended/content-signal.js';
import { linkHeadersCheck } from './checks/extended/link-headers.js';
import { llmsTxtCoverageCheck } from './checks/extended/llms-txt-coverage.js';
import { llmsTxtDirectiveCheck } from './checks/extended/llms-txt-directive.js';
import { markdownLinkPortabilityCheck } from './checks/extended/markdown-link-portability.js';
import { markdownNegotiationCheck } from './checks/extended/markdown-negotiation.js';
import { mcpRegistryServerCheck } from './checks/extended/mcp-registry-server.js';
import { mcpServerCardCheck } from './checks/extended/mcp-server-card.js';
import { pageSizeCheck } from './checks/extended/page-size.js';
import { paymentCacheCheck } from './checks/extended/payment-cache.js';
import { webmcpDeclarationsCheck } from './checks/extended/webmcp-declarations.js';
import { homepageCheck } from './checks/homepage.js';
import { licenseCheck } from './checks/license.js';
import { linkedOrigin, originMismatchAction } from './checks/link-origin.js';
import { llmsTxtCheck } from './checks/llms-txt.js';
import { markdownVariantsCheck } from './checks/markdown-variants.js';
import { robotsCheck } from './checks/robots.js';
import { sitemapCheck } from './checks/sitemap.js';
import { GraderInternalError, internalErrorIn } from './grader-internal-error.js';
import type { SiteFetcher } from './fetcher.js';
import { type CheckResult, letterGrade, type GraderReport, type Recommendation } from './report.js';

/** The grader's checks (SPEC 2.7; README: agentdir grade), weights summing to 100: `score` and `grade`. */
export const checks: Check[] = [
  robotsCheck,
  llmsTxtCheck,
  sitemapCheck,
  homepageCheck,
  licenseCheck,
  markdownVariantsCheck,
];

/**
 * What agents need beyond those, scored apart as `extended`, weights summing to 100. They read
 * what the checks above fetched first; the coverage check comes last because it reads as many
 * section files as the fetch budget leaves.
 */
export const extendedChecks: Check[] = [
  markdownNegotiationCheck,
  llmsTxtDirectiveCheck,
  markdownLinkPortabilityCheck,
  linkHeadersCheck,
  mcpServerCardCheck,
  mcpRegistryServerCheck,
  apiCatalogCheck,
  ardManifestCheck,
  agentCardCheck,
  contentSignalCheck,
  paymentCacheCheck,
  pageSizeCheck,
  agentSkillsCheck,
  webmcpDeclarationsCheck,
  llmsTxtCoverageCheck,
];

export const graderName = 'agentdir readiness grader';

interface Graded {
  check: Check;
  outcome: CheckOutcome;
}

/**
 * Runs checks one after another (later ones reuse what earlier ones fetched). A check turns
 * whatever the site answers into an outcome, so one that throws is agentdir's bug: grading stops
 * with a GraderInternalError instead of blaming the site.
 */
async function run(list: Check[], context: CheckContext): Promise<Graded[]> {
  const results: Graded[] = [];
  for (const check of list) {
    let outcome: CheckOutcome;
    try {
      outcome = await check.run(context);
    } catch (error) {
      throw (
        internalErrorIn(error) ??
        new GraderInternalError(`the check \`${check.id}\` failed (${(error as Error).message})`, { cause: error })
      );
    }
    results.push({ check, outcome });
  }
  return results;
}

function scored(results: Graded[]): { score: number; checks: CheckResult[] } {
  const out = results.map(({ check, outcome }) => ({
    id: check.id,
    title: check.title,
    passed: outcome.fraction >= 1,
    weight: check.weight,
    score: Math.round(check.weight * outcome.fraction),
    details: outcome.details,
  }));
  return { score: out.reduce((sum, check) => sum + check.score, 0), checks: out };
}

const priorities = ['high', 'medium', 'low'] as const;

/** What to do about each check not fully passed, most pressing first. */
function recommendationsFor(results: Graded[]): Recommendation[] {
  return results
    .filter(({ check, outcome }) => outcome.fraction < 1 && (outcome.action ?? check.action))
    .map(
      ({ check, outcome }): Recommendation => ({
        check: check.id,
        priority: outcome.fraction === 0 && check.weight >= 15 ? 'high' : outcome.fraction < 0.5 ? 'medium' : 'low',
        action: (outcome.action ?? check.action)!,
      }),
    )
    .sort((a, b) => priorities.indexOf(a.priority) - priorities.indexOf(b.priority));
}

/**
 * Grades the origin of `url` for agent readiness. Never throws for an unreachable site (its checks
 * fail with the reason); throws GraderInternalError when agentdir itself fails.
 */
export async function gradeSite(url: string, fetcher: SiteFetcher): Promise<GraderReport> {
  const origin = new URL(url).origin;
  const context = checkContext(origin, fetcher);
  const core = await run(checks, context);
  const extended = await run(extendedChecks, context);
  const { score, checks: checksOut } = scored(core);
  // The core checks' advice first: the extended checks never outrank what `score` is made of.
  const recommendations = [...recommendationsFor(core), ...recommendationsFor(extended)];
  // Said first, even when every check passes: the links agents follow lead away from the graded origin.
  const linked = await linkedOrigin(context).catch((error: unknown) => {
    if (internalErrorIn(error)) throw error;
    return null;
  });
  if (linked)
    recommendations.unshift({ check: 'llms-txt', priority: 'high', action: originMismatchAction(linked, origin) });
  return {
    tool: graderName,
    url: `${origin}/`,
    score,
    grade: letterGrade(score),
    checks: checksOut,
    extended: scored(extended),
    recommendations,
  };
}
