import path from 'node:path';
import { byString } from '../util/compare.js';
import { isError, sortProblems, type Problem } from '../errors/problem.js';
import { crossCheck } from './cross-checks.js';
import { contentFileProblem } from './content-file.js';
import { forgetKeptReads, readText } from '../util/read-once.js';
import fg from 'fast-glob';
import { articleFiles, loadClusters } from './load-articles.js';
import type { ParseJob } from './parse-document.js';
import { parseDocuments, type ParseStats } from './parse-pool.js';
import { loadPaths } from './load-paths.js';
import { assembleResources } from './load-resources.js';
import { loadSite } from './load-site.js';
import type { ContentModel } from './model.js';

export interface LoadResult {
  /** Present when there is no error (warnings allowed). */
  model?: ContentModel;
  problems: Problem[];
}

/** Reads and checks a whole content folder. Problems are values; nothing is thrown for bad content. */
export interface LoadOptions {
  baseUrl?: string;
  /** Where parse results persist between builds; null turns the cache off. */
  cacheDir?: string | null;
  /** false: parse on the main thread only. */
  threads?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export async function loadContent(contentDir: string, options: LoadOptions = {}): Promise<LoadResult & { stats?: ParseStats }> {
  const dir = path.resolve(contentDir);
  // Files that lead outside the content folder (or are no regular files) are refused unread.
  const refused: Problem[] = [];
  const readable = (file: string) => {
    const problem = contentFileProblem(dir, file);
    if (problem) refused.push(problem);
    return !problem;
  };
  const resourceFiles = (await fg('resources/*.md', { cwd: dir, absolute: true })).sort().filter(readable);
  const articleFileList = (await articleFiles(dir)).filter(readable);
  const jobs: ParseJob[] = [
    ...resourceFiles.map((file) => ({ file, text: readText(file), kind: 'resource' as const })),
    ...articleFileList.map((file) => ({ file, text: readText(file), kind: 'article' as const })),
  ];
  forgetKeptReads();
  const { results, stats } = await parseDocuments(jobs, { cacheDir: options.cacheDir ?? null, contentDir: dir, ...(options.threads === false ? { threads: false } : {}), ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
  const parsedArticles = new Map(articleFileList.map((file, index) => [file, results[resourceFiles.length + index]!]));
  const [siteResult, clusterResult, pathResult] = await Promise.all([loadSite(dir, options.baseUrl), loadClusters(dir, parsedArticles), loadPaths(dir)]);
  const resourceResult = assembleResources(resourceFiles, results.slice(0, resourceFiles.length));
  const problems = [...refused, ...siteResult.problems, ...resourceResult.problems, ...clusterResult.problems, ...pathResult.problems];
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
  if (!site || sorted.some(isError)) return { problems: sorted, stats };
  const clusters = [...clusterResult.clusters].sort((a, b) => byString(a.id, b.id));
  return {
    problems: sorted,
    stats,
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
