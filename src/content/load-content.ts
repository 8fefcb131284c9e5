import path from 'node:path';
import { byString } from '../util/compare.js';
import { isError, sortProblems, type Problem } from '../errors/problem.js';
import { crossCheck } from './cross-checks.js';
import { loadClusters } from './load-articles.js';
import { loadPaths } from './load-paths.js';
import { loadResources } from './load-resources.js';
import { loadSite } from './load-site.js';
import type { ContentModel } from './model.js';

export interface LoadResult {
  /** Present when there is no error (warnings allowed). */
  model?: ContentModel;
  problems: Problem[];
}

/** Reads and checks a whole content folder. Problems are values; nothing is thrown for bad content. */
export async function loadContent(contentDir: string, options: { baseUrl?: string } = {}): Promise<LoadResult> {
  const dir = path.resolve(contentDir);
  const [siteResult, resourceResult, clusterResult, pathResult] = await Promise.all([
    loadSite(dir, options.baseUrl),
    loadResources(dir),
    loadClusters(dir),
    loadPaths(dir),
  ]);
  const problems = [...siteResult.problems, ...resourceResult.problems, ...clusterResult.problems, ...pathResult.problems];
  const site = siteResult.site;
  if (site) {
    problems.push(
      ...crossCheck({
        site,
        resources: resourceResult.resources,
        resourceSlugs: resourceResult.slugs,
        articleSlugs: clusterResult.slugs,
        clusters: clusterResult.clusters,
        paths: pathResult.paths,
        ...(pathResult.source ? { pathsSource: pathResult.source } : {}),
      }),
    );
  }
  const sorted = sortProblems(problems);
  if (!site || sorted.some(isError)) return { problems: sorted };
  const clusters = [...clusterResult.clusters].sort((a, b) => byString(a.id, b.id));
  return {
    problems: sorted,
    model: {
      dir,
      site,
      resources: [...resourceResult.resources].sort((a, b) => byString(a.slug, b.slug)),
      clusters,
      articles: clusters.flatMap((cluster) => [cluster.pillar, ...cluster.subs]),
      paths: pathResult.paths,
    },
  };
}
