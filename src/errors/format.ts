import { formatGithub } from './format-github.js';
import { formatHuman } from './format-human.js';
import { formatJson } from './format-json.js';
import type { Problem } from './problem.js';

export const problemFormats = ['human', 'json', 'github'] as const;
export type ProblemFormat = (typeof problemFormats)[number];

export function formatProblems(problems: Problem[], format: ProblemFormat, color = false): string {
  if (format === 'json') return formatJson(problems);
  if (format === 'github') return formatGithub(problems);
  return formatHuman(problems, { color });
}
