import type { Article, ContentModel, Resource } from './model.js';

/** Whether a document goes into the files for agents: every one but those marked `audience: people`. */
export function forAgents(document: Resource | Article): boolean {
  return document.audience !== 'people';
}

const views = new WeakMap<ContentModel, ContentModel>();

/**
 * The model as the files for agents see it (README: Audience controls): documents marked for
 * people left out, learning paths without their steps (and without paths left empty), clusters
 * without their subs; a cluster whose pillar is for people is left out whole, since the pillar is
 * its overview. The model itself when nothing is marked, as on most sites.
 */
export function agentView(model: ContentModel): ContentModel {
  if (model.resources.every(forAgents) && model.articles.every(forAgents)) return model;
  let view = views.get(model);
  if (!view) {
    const clusters = model.clusters
      .filter((cluster) => forAgents(cluster.pillar))
      .map((cluster) => ({ ...cluster, subs: cluster.subs.filter(forAgents) }));
    const resources = model.resources.filter(forAgents);
    const slugs = new Set(resources.map((resource) => resource.slug));
    view = {
      ...model,
      resources,
      clusters,
      articles: clusters.flatMap((cluster) => [cluster.pillar, ...cluster.subs]),
      paths: model.paths
        .map((learningPath) => ({ ...learningPath, steps: learningPath.steps.filter((slug) => slugs.has(slug)) }))
        .filter((learningPath) => learningPath.steps.length > 0),
    };
    views.set(model, view);
  }
  return view;
}
