import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import type { Problem } from '../errors/problem.js';
import type { SchemaName } from '../schemas/registry.js';
import type { VFile } from 'vfile';
import { type ParsedMarkdown, parseMarkdown } from '../markdown/processor.js';
import { renderMarkdown } from '../markdown/render.js';
import { storeMarkdown, type StoredMarkdown } from '../markdown/stored-markdown.js';
import { splitFrontMatter, type SplitMarkdown } from './front-matter.js';
import { fileProblem } from './read-source.js';
import { validateAgainstSchema } from './schema-problems.js';
import { slugOf, slugPattern } from './slug.js';
import { markdownPastLimits, maxRewriteWork, nestingProblem, yamlTooDeep } from './nesting-limit.js';
import { renderWithinBudget } from './parse-budget.js';
import { parseYamlSource, type YamlSource } from './source-file.js';

export type DocumentKind = 'resource' | 'article';

export interface ParseJob {
  file: string;
  text: string;
  kind: DocumentKind;
}

/** The top-level fields of a YAML mapping that passed their own schema checks, and the names of those that did not. */
export interface PartialFields {
  fields: Record<string, unknown>;
  /** Fields that are missing, unknown or of the wrong shape: their value (or absence) says nothing. */
  invalid: string[];
}

/** Everything one Markdown file yields, as plain data: it crosses threads and is cached on disk. */
export interface ParsedDocument {
  /** null when the file name is not a usable slug: the file is still checked, but nothing can link to it. */
  slug: string | null;
  /** Present when the front matter parsed and matched its schema. */
  front?: Record<string, unknown>;
  /** Present when the front matter parsed but did not match: what the cross-file checks may still rely on. */
  partialFront?: PartialFields;
  body: string;
  bodyLineOffset: number;
  /** Present whenever the body could be rendered, whatever is wrong with the front matter or the file name. */
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
 * The fields of `data` that no schema problem points into. A problem about the whole document
 * (it is no mapping at all) leaves no field to trust.
 */
export function fieldsThatPassed(data: unknown, problems: Problem[]): PartialFields {
  const invalid = [...new Set(problems.map((problem) => problem.field.split('.')[0]!))];
  if (invalid.includes('') || typeof data !== 'object' || data === null || Array.isArray(data))
    return { fields: {}, invalid };
  const fields = Object.fromEntries(Object.entries(data).filter(([name]) => !invalid.includes(name)));
  return { fields, invalid };
}

/**
 * Parses one document from its text: file name, front matter, schema, and a single render of the
 * body. Pure and synchronous, so it runs the same in a worker thread, inline, or from the cache.
 * One problem does not stop the others from being found: an editor fixes them all in one round.
 */
export function parseDocument(
  job: ParseJob,
  validate: ValidateFunction,
  /** How the body is parsed: the cheapest parse that gives GFM's tree, unless the benchmark asks for GFM itself. */
  parse: (file: VFile) => ParsedMarkdown = parseMarkdown,
): ParsedDocument {
  const { file, text, kind } = job;
  const name = slugOf(file);
  const slug = slugPattern.test(name) ? name : null;
  const problems: Problem[] = [];
  if (!slug) {
    problems.push(fileProblem(file, 'InvalidFileName', { kind, name: path.basename(file) }));
  }
  const split = splitFrontMatter(text);
  if (!split.ok) {
    const code = split.reason === 'missing' ? 'FrontMatterMissing' : 'FrontMatterUnclosed';
    problems.push(fileProblem(file, code, {}, { line: 1, column: 1 }));
    return { slug, body: '', bodyLineOffset: 0, problems };
  }
  const { body, bodyLineOffset } = split.value;
  const { problems: frontProblems, ...fields } = parseFrontMatter(
    file,
    text,
    split.value,
    { name: `${kind}.frontmatter`, validate },
    `the front matter of ${kind} \`${name}\``,
  );
  problems.push(...frontProblems);
  // Measured before the parser runs: it recurses per level, and is slow on some shapes.
  const past = markdownPastLimits(body);
  const refused = (problem: Problem): ParsedDocument => ({
    slug,
    ...fields,
    body,
    bodyLineOffset,
    problems: [...problems, problem],
  });
  if (past?.construct === 'rewrites')
    return refused(
      fileProblem(
        file,
        'ParseBudgetExceeded',
        { reason: 'rewrites', limit: maxRewriteWork },
        { line: bodyLineOffset + past.line + 1, column: past.column, field: 'body' },
      ),
    );
  if (past) return refused(nestingProblem(file, 'Markdown', past, bodyLineOffset));
  const render = renderWithinBudget(body.length, () => renderMarkdown(body, parse));
  if ('over' in render) {
    const { over } = render;
    const args = over.reason === 'time' ? { reason: over.reason, seconds: over.budgetMs / 1000 } : over;
    return refused(fileProblem(file, 'ParseBudgetExceeded', args, { field: 'body' }));
  }
  const { agentBody, ...rendered } = render.value;
  // With audience markers, the body every Markdown output carries is the agents' one.
  return { slug, ...fields, body: agentBody ?? body, bodyLineOffset, rendered: storeMarkdown(rendered), problems };
}

/** The front matter's problems, and its fields when the YAML itself could be read. */
function parseFrontMatter(
  file: string,
  text: string,
  split: SplitMarkdown,
  schema: { name: SchemaName; validate: ValidateFunction },
  what: string,
): Pick<ParsedDocument, 'front' | 'partialFront' | 'problems'> {
  const { yaml, yamlLineOffset } = split;
  // Measured before the parser runs: it recurses per level.
  const yamlDeep = yamlTooDeep(yaml);
  if (yamlDeep) return { problems: [nestingProblem(file, 'YAML', yamlDeep, yamlLineOffset)] };
  const { source, syntaxErrors } = parseYamlSource(file, text, yaml, yamlLineOffset);
  if (syntaxErrors.length) {
    return {
      problems: syntaxErrors.map((error) => fileProblem(file, 'YamlSyntax', { parserMessage: error.message }, error)),
    };
  }
  const problems = validateAgainstSchema(source, schema.name, what, schema.validate);
  return problems.length
    ? { partialFront: fieldsThatPassed(source.data, problems), problems }
    : { front: source.data as Record<string, unknown>, problems };
}
