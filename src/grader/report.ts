export interface CheckResult {
  id: string;
  title: string;
  passed: boolean;
  weight: number;
  /** Points earned: weight x the fraction of the check that passed, rounded. */
  score: number;
  details: string;
}

export interface Recommendation {
  check: string;
  priority: 'high' | 'medium' | 'low';
  action: string;
}

/** The grader report (schemas/grader-report.schema.json). */
export interface GraderReport {
  tool: string;
  url: string;
  score: number;
  grade: string;
  checks: CheckResult[];
  recommendations: Recommendation[];
}

export function letterGrade(score: number): string {
  if (score >= 90) return 'A';
  if (score >= 80) return 'B';
  if (score >= 70) return 'C';
  if (score >= 60) return 'D';
  return 'F';
}
