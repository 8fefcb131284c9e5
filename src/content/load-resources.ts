import type { Problem } from '../errors/problem.js';
import type { Resource } from './model.js';
import { defineLazySource, documentBase } from './assemble-document.js';
import type { ParsedDocument } from './parse-document.js';

type ResourceFrontMatter = Pick<Resource, 'title' | 'description' | 'category' | 'tags' | 'updated'> &
  Partial<Pick<Resource, 'premium' | 'premium_summary' | 'price' | 'currency' | 'checkout_url'>>;

export interface LoadedResources {
  resources: Resource[];
  /** Slugs of every resource file with a valid name, loaded or not: links to a broken file are not broken links. */
  slugs: string[];
  problems: Problem[];
}

/** Turns parsed resource files into the model's resources. */
export function assembleResources(files: string[], parsed: ParsedDocument[]): LoadedResources {
  const problems: Problem[] = [];
  const resources: Resource[] = [];
  const slugs: string[] = [];
  files.forEach((file, index) => {
    const result = parsed[index]!;
    problems.push(...result.problems);
    if (result.slug) slugs.push(result.slug);
    if (!result.slug || !result.front) return;
    const front = result.front as ResourceFrontMatter;
    resources.push(defineLazySource({ ...front, ...documentBase({ ...result, slug: result.slug }, file), premium: front.premium ?? false }, file));
  });
  return { resources, slugs, problems };
}
