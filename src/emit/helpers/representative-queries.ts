import type { EmitContext } from '../context.js';

/**
 * Questions an agent could bring here, from the site's own content: the titles of its first free
 * resources, then its categories, then its name. Registries embed them to match a query to a
 * catalog entry (ARD asks for 2 to 5), and A2A skills show them as examples.
 */
export function contentQueries(context: EmitContext, limit = 5): string[] {
  const { site, resources } = context.model;
  const queries = [
    ...resources
      .filter((resource) => !resource.premium)
      .slice(0, 3)
      .map((resource) => resource.title),
    ...(site.categories ?? []).slice(0, 2).map((category) => `resources about ${category.title}`),
    `search ${site.name}`,
    `what does ${site.name} cover`,
  ];
  return [...new Set(queries)].slice(0, limit);
}
