import fs from 'node:fs/promises';
import type { Problem, ProblemCode } from '../errors/problem.js';
import { displayPath } from '../util/paths.js';
import { splitFrontMatter } from './front-matter.js';
import { parseYamlSource, type YamlSource } from './source-file.js';

export interface ReadYaml {
  source?: YamlSource;
  problems: Problem[];
}

export interface ReadMarkdown extends ReadYaml {
  body: string;
  bodyLineOffset: number;
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

export async function readMarkdownFile(file: string): Promise<ReadMarkdown> {
  const text = await fs.readFile(file, 'utf8');
  const split = splitFrontMatter(text);
  if (!split.ok) {
    const problem =
      split.reason === 'missing'
        ? fileProblem(file, 'FrontMatterMissing', 'the file does not start with YAML front matter', 'Start the file with a line `---`, the fields, and another `---` line before the Markdown body.', { line: 1, column: 1 })
        : fileProblem(file, 'FrontMatterUnclosed', 'the front matter opened on line 1 is never closed', 'Add a line `---` after the last front-matter field.', { line: 1, column: 1 });
    return { problems: [problem], body: '', bodyLineOffset: 0 };
  }
  const { yaml, yamlLineOffset, body, bodyLineOffset } = split.value;
  return { ...parseYaml(file, text, yaml, yamlLineOffset), body, bodyLineOffset };
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
