import type { CheckResult, GraderReport } from './report.js';

/** One line per check with its points, and what it found beneath. */
function checkLines(checks: CheckResult[]): string[] {
  return checks.flatMap((check) => [
    `  ${check.passed ? 'pass' : check.score > 0 ? 'part' : 'fail'}  ${`${check.score}/${check.weight}`.padStart(5)}  ${check.title}`,
    `               ${check.details}`,
  ]);
}

/** The report for a terminal: score and grade, the checks, the extended score and its checks, then what to do. */
export function formatReport(report: GraderReport): string {
  const lines = [
    `Agent readiness of ${report.url}: ${report.score}/100 (${report.grade})`,
    '',
    ...checkLines(report.checks),
    '',
    `Extended checks (not part of the score above): ${report.extended.score}/100`,
    '',
    ...checkLines(report.extended.checks),
  ];
  if (report.recommendations.length) {
    lines.push('', 'What to do:');
    for (const recommendation of report.recommendations)
      lines.push(`  [${recommendation.priority}] ${recommendation.action}`);
  }
  return lines.join('\n');
}
