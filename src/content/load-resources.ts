import type { Problem } from '../errors/problem.js';
import type { Resource } from './model.js';
import { checkedDraft, defineLazySource, documentBase } from './assemble-document.js';
import { carryBody } from './lazy-body.js';
import { joinedFields } from '../util/joined-fields.js';
import type { CheckedResource } from './cross-checks.js';
import type { ParsedDocument } from './parse-document.js';

type ResourceFrontMatter = Pick<Resource, 'title' | 'description' | 'category' | 'tags' | 'updated'> &
  Partial<Pick<Resource, 'premium' | 'premium_summary' | 'price' | 'currency' | 'checkout_url'>>;

export interface LoadedResources {
  resources: Resource[];
  /** Every file whose body rendered, loaded or not: the cross-file checks run on all of them. */
  checked: CheckedResource[];
  /** Slugs of every resource file with a valid name, loaded or not: links to a broken file are not broken links. */
  slugs: string[];
  problems: Problem[];
}

/** Turns parsed resource files into the model's resources. */
export function assembleResources(files: string[], parsed: ParsedDocument[]): LoadedResources {
  const problems: Problem[] = [];
  const resources: Resource[] = [];
  const checked: CheckedResource[] = [];
  const slugs: string[] = [];
  files.forEach((file, index) => {
    const result = parsed[index]!;
    problems.push(...result.problems);
    if (result.slug) slugs.push(result.slug);
    if (result.slug && result.front && result.rendered) {
      const front = result.front as ResourceFrontMatter;
      const resource = carryBody(
        defineLazySource(
          joinedFields(front, documentBase(result, result.slug, file), { premium: front.premium ?? false }),
          file,
        ),
        result,
      );
      resources.push(resource);
      checked.push(resource);
      return;
    }
    const draft = checkedDraft<CheckedResource>(result, file);
    if (draft) checked.push(draft);
  });
  return { resources, checked, slugs, problems };
}
