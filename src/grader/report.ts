import type { GraderReport as GraderReportSchema } from '../schemas/types.js';

/** The grader report, as schemas/grader-report.schema.json defines it. */
export type GraderReport = GraderReportSchema;
export type CheckResult = GraderReport['checks'][number];
export type Recommendation = GraderReport['recommendations'][number];

export function letterGrade(score: number): GraderReport['grade'] {
  if (score >= 90) return 'A';
  if (score >= 80) return 'B';
  if (score >= 70) return 'C';
  if (score >= 60) return 'D';
  return 'F';
}
