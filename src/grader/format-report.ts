import type { GraderReport } from './report.js';

/** The report for a terminal: score and grade, one line per check, then what to do. */
export function formatReport(report: GraderReport): string {
  const lines = [`Agent readiness of ${report.url}: ${report.score}/100 (${report.grade})`, ''];
  for (const check of report.checks) {
    lines.push(
      `  ${check.passed ? 'pass' : check.score > 0 ? 'part' : 'fail'}  ${`${check.score}/${check.weight}`.padStart(5)}  ${check.title}`,
    );
    lines.push(`               ${check.details}`);
  }
  if (report.recommendations.length) {
    lines.push('', 'What to do:');
    for (const recommendation of report.recommendations)
      lines.push(`  [${recommendation.priority}] ${recommendation.action}`);
  }
  return lines.join('\n');
}
