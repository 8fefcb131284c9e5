import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import type { Problem } from '../errors/problem.js';
import { renderMarkdown } from '../markdown/render.js';
import { storeMarkdown, type StoredMarkdown } from '../markdown/stored-markdown.js';
import { splitFrontMatter } from './front-matter.js';
import { fileProblem } from './read-source.js';
import { validateAgainstSchema } from './schema-problems.js';
import { slugOf, slugPattern } from './slug.js';
import { markdownTooDeep, nestingProblem, yamlTooDeep } from './nesting-limit.js';
import { parseYamlSource, type YamlSource } from './source-file.js';

export type DocumentKind = 'resource' | 'article';

export interface ParseJob {
  file: string;
  text: string;
  kind: DocumentKind;
}

/** Everything one Markdown file yields, as plain data: it crosses threads and is cached on disk. */
export interface ParsedDocument {
  /** null when the file name is not a usable slug. */
  slug: string | null;
  /** Present when the front matter parsed and matched its schema. */
  front?: Record<string, unknown>;
  body: string;
  bodyLineOffset: number;
  rendered?: StoredMarkdown;
  problems: Problem[];
}

/** The front matter of a Markdown file as a located YAML document (for pointing problems at fields). */
export function frontMatterSource(file: string, text: string): YamlSource | undefined {
  const split = splitFrontMatter(text);
  if (!split.ok) return undefined;
  return parseYamlSource(file, text, split.value.yaml, split.value.yamlLineOffset).source;
}

/**
 * Parses one document from its text: file name, front matter, schema, and a single render of the
 * body. Pure and synchronous, so it runs the same in a worker thread, inline, or from the cache.
 */
export function parseDocument(job: ParseJob, validate: ValidateFunction): ParsedDocument {
  const { file, text, kind } = job;
  const slug = slugOf(file);
  if (!slugPattern.test(slug)) {
    return {
      slug: null,
      body: '',
      bodyLineOffset: 0,
      problems: [fileProblem(file, 'InvalidFileName', `\`${path.basename(file)}\` is not a valid ${kind} slug`, `Rename the file to lowercase kebab-case, e.g. \`my-${kind}.md\`: the file name is the slug in every URL.`)],
    };
  }
  const split = splitFrontMatter(text);
  if (!split.ok) {
    const problem =
      split.reason === 'missing'
        ? fileProblem(file, 'FrontMatterMissing', 'the file does not start with YAML front matter', 'Start the file with a line `---`, the fields, and another `---` line before the Markdown body.', { line: 1, column: 1 })
        : fileProblem(file, 'FrontMatterUnclosed', 'the front matter opened on line 1 is never closed', 'Add a line `---` after the last front-matter field.', { line: 1, column: 1 });
    return { slug, body: '', bodyLineOffset: 0, problems: [problem] };
  }
  const { yaml, yamlLineOffset, body, bodyLineOffset } = split.value;
  // Measured before either parser runs: both recurse per level.
  const yamlDeep = yamlTooDeep(yaml);
  if (yamlDeep) return { slug, body, bodyLineOffset, problems: [nestingProblem(file, 'YAML', yamlDeep, yamlLineOffset)] };
  const markdownDeep = markdownTooDeep(body);
  if (markdownDeep) return { slug, body, bodyLineOffset, problems: [nestingProblem(file, 'Markdown', markdownDeep, bodyLineOffset)] };
  const { source, syntaxErrors } = parseYamlSource(file, text, yaml, yamlLineOffset);
  if (syntaxErrors.length) {
    return {
      slug,
      body,
      bodyLineOffset,
      problems: syntaxErrors.map((error) => fileProblem(file, 'YamlSyntax', error.message, 'Fix the YAML syntax: check indentation, quotes around values containing `: ` or `#`, and list dashes.', error)),
    };
  }
  const problems = validateAgainstSchema(source, validate, `the front matter of ${kind} \`${slug}\``);
  if (problems.length) return { slug, body, bodyLineOffset, problems };
  return { slug, front: source.data as Record<string, unknown>, body, bodyLineOffset, rendered: storeMarkdown(renderMarkdown(body)), problems: [] };
}
