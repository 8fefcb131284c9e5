import { resourcesBySlugOf } from './helpers/article-json.js';
import { byString } from '../util/compare.js';
import type { EmitContext } from './context.js';
import { bodyTokens } from '../content/lazy-body.js';
import { jsonFile, type OutputFile } from './output.js';
import type { Categories, PathsIndex, Tags } from '../schemas/types.js';

function titleCase(id: string): string {
  return id
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The list of slugs under `key`, made on first use (appended to in place: copying it per resource is quadratic). */
function slugsOf(lists: Map<string, string[]>, key: string): string[] {
  let slugs = lists.get(key);
  if (!slugs) {
    slugs = [];
    lists.set(key, slugs);
  }
  return slugs;
}

export function categoriesJson(context: EmitContext): Categories {
  const { model, urls } = context;
  const declared = new Map((model.site.categories ?? []).map((category) => [category.id, category]));
  const used = new Map<string, string[]>();
  for (const resource of model.resources) slugsOf(used, resource.category).push(resource.slug);
  const ids = [...new Set([...declared.keys(), ...used.keys()])];
  const categories = ids.map((id) => {
    const meta = declared.get(id);
    const slugs = [...(used.get(id) ?? [])].sort(byString);
    return {
      id,
      title: meta?.title ?? titleCase(id),
      ...(meta?.description ? { description: meta.description } : {}),
      count: slugs.length,
      resources: slugs,
    };
  });
  return {
    site: model.site.name,
    url: urls.home,
    count: categories.length,
    categories,
    map: Object.fromEntries(categories.map((category) => [category.id, category.resources])),
  };
}

export function tagsJson(context: EmitContext): Tags {
  const { model, urls } = context;
  const used = new Map<string, string[]>();
  for (const resource of model.resources) for (const tag of resource.tags) slugsOf(used, tag).push(resource.slug);
  const tags = [...used.entries()]
    .map(([tag, slugs]) => ({ tag, count: slugs.length, resources: [...slugs].sort(byString) }))
    .sort((a, b) => b.count - a.count || byString(a.tag, b.tag));
  const map = Object.fromEntries(
    [...tags].sort((a, b) => byString(a.tag, b.tag)).map((entry) => [entry.tag, entry.resources]),
  );
  return { site: model.site.name, url: urls.home, count: tags.length, tags, map };
}

export function pathsJson(context: EmitContext): PathsIndex {
  const { model, urls } = context;
  const bySlug = resourcesBySlugOf(model);
  return {
    site: model.site.name,
    url: urls.home,
    count: model.paths.length,
    paths: model.paths.map((learningPath) => {
      const steps = learningPath.steps.map((slug) => bySlug.get(slug)!);
      return {
        id: learningPath.id,
        title: learningPath.title,
        ...(learningPath.description ? { description: learningPath.description } : {}),
        ...(learningPath.level ? { level: learningPath.level } : {}),
        estimated_tokens: steps.filter((step) => !step.premium).reduce((sum, step) => sum + bodyTokens(step), 0),
        steps: steps.map((resource, index) => ({
          position: index + 1,
          slug: resource.slug,
          title: resource.title,
          description: resource.description,
          category: resource.category,
          premium: resource.premium,
          html: urls.resourceHtml(resource.slug),
          markdown: urls.resourceMarkdown(resource.slug),
          json: urls.resourceJson(resource.slug),
        })),
      };
    }),
  };
}

/** categories.json and tags.json: which resources are where, from metadata only, so kept while no metadata changes. */
export function emitTaxonomies(context: EmitContext): OutputFile[] {
  return [
    jsonFile(context.registry, 'public/api/categories.json', categoriesJson(context), 'categories'),
    jsonFile(context.registry, 'public/api/tags.json', tagsJson(context), 'tags'),
  ];
}

/** paths.json: its token estimates read the steps' bodies, so it is made on every build that changes text. */
export function emitPathsIndex(context: EmitContext): OutputFile[] {
  return [jsonFile(context.registry, 'public/api/paths.json', pathsJson(context), 'paths-index')];
}
