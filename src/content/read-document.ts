import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import type { Problem } from '../errors/problem.js';
import { renderMarkdown, type RenderedMarkdown } from '../markdown/render.js';
import { fileProblem, readMarkdownFile } from './read-source.js';
import { validateAgainstSchema } from './schema-problems.js';
import { slugOf, slugPattern } from './slug.js';
import type { YamlSource } from './source-file.js';

export interface MarkdownDocument<FrontMatter> {
  slug: string;
  front: FrontMatter;
  file: string;
  source: YamlSource;
  bodyLineOffset: number;
  body: string;
  rendered: RenderedMarkdown;
}

/**
 * Reads one Markdown document: checks its file name, parses and validates its front matter, and
 * renders its body, once. Problems are pushed to `problems`; `slug` is null when the name is unusable,
 * `document` is absent when the file has errors.
 */
export async function readDocument<FrontMatter>(
  file: string,
  kind: 'resource' | 'article',
  validate: ValidateFunction,
  problems: Problem[],
): Promise<{ slug: string | null; document?: MarkdownDocument<FrontMatter> }> {
  const slug = slugOf(file);
  if (!slugPattern.test(slug)) {
    problems.push(
      fileProblem(file, 'InvalidFileName', `\`${path.basename(file)}\` is not a valid ${kind} slug`, `Rename the file to lowercase kebab-case, e.g. \`my-${kind}.md\`: the file name is the slug in every URL.`),
    );
    return { slug: null };
  }
  const read = await readMarkdownFile(file);
  problems.push(...read.problems);
  if (!read.source) return { slug };
  const schemaProblems = validateAgainstSchema(read.source, validate, `the front matter of ${kind} \`${slug}\``);
  problems.push(...schemaProblems);
  if (schemaProblems.length) return { slug };
  return {
    slug,
    document: {
      slug,
      front: read.source.data as FrontMatter,
      file,
      source: read.source,
      bodyLineOffset: read.bodyLineOffset,
      body: read.body,
      rendered: renderMarkdown(read.body),
    },
  };
}
