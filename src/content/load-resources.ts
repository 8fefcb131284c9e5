import fg from 'fast-glob';
import type { Problem } from '../errors/problem.js';
import { schemaRegistry } from '../schemas/registry.js';
import type { Resource } from './model.js';
import { readDocument } from './read-document.js';

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
    const { slug, document } = await readDocument<ResourceFrontMatter>(file, 'resource', validate, problems);
    if (slug) slugs.push(slug);
    if (!document) continue;
    const { front, ...rest } = document;
    resources.push({ ...front, ...rest, premium: front.premium ?? false });
  }
  return { resources, slugs, problems };
}
