import { problemCatalog } from './catalog.js';
import type { Problem } from './problem.js';

/** GitHub Actions workflow commands: each problem becomes an annotation on the pull request's diff. */
export function formatGithub(problems: Problem[]): string {
  return problems
    .map((problem) => {
      const properties = [`file=${escapeProperty(problem.file)}`];
      if (problem.line) properties.push(`line=${problem.line}`);
      if (problem.column) properties.push(`col=${problem.column}`);
      properties.push(`title=${escapeProperty(`${problem.code}: ${problemCatalog[problem.code].title}`)}`);
      const text = `${problem.message}. ${problem.hint} See ${problem.docs}`;
      return `::${problem.severity} ${properties.join(',')}::${escapeData(text)}`;
    })
    .join('\n');
}

// The escapes GitHub's toolkit applies to workflow-command data and properties.
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
