import path from 'node:path';
import fg from 'fast-glob';
import type { Problem } from '../errors/problem.js';
import { renderMarkdown } from '../markdown/render.js';
import { schemaRegistry } from '../schemas/registry.js';
import type { Resource } from './model.js';
import { fileProblem, readMarkdownFile } from './read-source.js';
import { validateAgainstSchema } from './schema-problems.js';
import { slugOf, slugPattern } from './slug.js';

type ResourceFrontMatter = Pick<Resource, 'title' | 'description' | 'category' | 'tags' | 'updated'> &
  Partial<Pick<Resource, 'premium' | 'premium_summary' | 'price' | 'currency' | 'checkout_url'>>;

export interface LoadedResources {
  resources: Resource[];
  /** Slugs of every resource file with a valid name, loaded or not: links to a broken file are not broken links. */
  slugs: string[];
  problems: Problem[];
}

export async function loadResources(dir: string): Promise<LoadedResources> {
  const files = (await fg('resources/*.md', { cwd: dir, absolute: true })).sort();
  const problems: Problem[] = [];
  const resources: Resource[] = [];
  const slugs: string[] = [];
  const validate = schemaRegistry().validator('resource.frontmatter');

  for (const file of files) {
    const slug = slugOf(file);
    if (!slugPattern.test(slug)) {
      problems.push(
        fileProblem(file, 'InvalidFileName', `\`${path.basename(file)}\` is not a valid resource slug`, 'Rename the file to lowercase kebab-case, e.g. `my-resource.md`: the file name is the slug in every URL.'),
      );
      continue;
    }
    slugs.push(slug);
    const read = await readMarkdownFile(file);
    problems.push(...read.problems);
    if (!read.source) continue;
    const schemaProblems = validateAgainstSchema(read.source, validate, `the front matter of resource \`${slug}\``);
    problems.push(...schemaProblems);
    if (schemaProblems.length) continue;
    const front = read.source.data as ResourceFrontMatter;
    resources.push({
      ...front,
      slug,
      premium: front.premium ?? false,
      file,
      source: read.source,
      bodyLineOffset: read.bodyLineOffset,
      body: read.body,
      rendered: renderMarkdown(read.body),
    });
  }
  return { resources, slugs, problems };
}
