import type { Problem } from '../errors/problem.js';
import { fileProblem } from './file-problem.js';
import { parseYamlSource, type YamlSource } from './source-file.js';
import { readContentFile } from './content-file.js';
import { nestingProblem, yamlTooDeep } from './nesting-limit.js';

export { fileProblem };

export interface ReadYaml {
  source?: YamlSource;
  problems: Problem[];
}

/** Reads a YAML file of the content folder `root` (refused unread when it leads outside it). */
export async function readYamlFile(root: string, file: string): Promise<ReadYaml> {
  const read = readContentFile(root, file);
  if (!read.ok) return { problems: [read.problem] };
  const text = read.text;
  const deep = yamlTooDeep(text);
  if (deep) return { problems: [nestingProblem(file, 'YAML', deep, 0)] };
  return parseYaml(file, text, text, 0);
}

function parseYaml(file: string, fileText: string, yamlText: string, lineOffset: number): ReadYaml {
  const { source, syntaxErrors } = parseYamlSource(file, fileText, yamlText, lineOffset);
  if (syntaxErrors.length) {
    return {
      problems: syntaxErrors.map((error) => fileProblem(file, 'YamlSyntax', { parserMessage: error.message }, error)),
    };
  }
  return { source, problems: [] };
}
