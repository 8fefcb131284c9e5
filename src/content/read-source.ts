import fs from 'node:fs/promises';
import type { Problem, ProblemCode } from '../errors/problem.js';
import { displayPath } from '../util/paths.js';
import { parseYamlSource, type YamlSource } from './source-file.js';

export interface ReadYaml {
  source?: YamlSource;
  problems: Problem[];
}

export function fileProblem(
  file: string,
  code: ProblemCode,
  message: string,
  hint: string,
  at: { line?: number; column?: number; field?: string; severity?: 'error' | 'warning' } = {},
): Problem {
  return {
    code,
    severity: at.severity ?? 'error',
    file: displayPath(file),
    line: at.line ?? 0,
    column: at.column ?? 0,
    field: at.field ?? '',
    message,
    hint,
  };
}

export async function readYamlFile(file: string): Promise<ReadYaml> {
  const text = await fs.readFile(file, 'utf8');
  return parseYaml(file, text, text, 0);
}

function parseYaml(file: string, fileText: string, yamlText: string, lineOffset: number): ReadYaml {
  const { source, syntaxErrors } = parseYamlSource(file, fileText, yamlText, lineOffset);
  if (syntaxErrors.length) {
    return {
      problems: syntaxErrors.map((error) =>
        fileProblem(file, 'YamlSyntax', error.message, 'Fix the YAML syntax: check indentation, quotes around values containing `: ` or `#`, and list dashes.', error),
      ),
    };
  }
  return { source, problems: [] };
}
