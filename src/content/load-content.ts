import path from 'node:path';
import { byString } from '../util/compare.js';
import { isError, sortProblems, type Problem } from '../errors/problem.js';
import { crossCheck } from './cross-checks.js';
import { CrossCheckMemo } from './cross-check-memo.js';
import { checkStaleness, reviewDateOf } from './stale-check.js';
import {
  type CheckedIdentity,
  checkContentFile,
  decodeContentText,
  readCheckedContent,
  type RealFolders,
} from './content-file.js';
import { slugOf, slugPattern } from './slug.js';
import { forgetKeptReads, hasKeptRead, keptDigest, keptIdentity, takeKeptBytes } from '../util/read-once.js';
import { articleEntries, resourceEntries } from './document-entries.js';
import { loadClusters } from './load-articles.js';
import { type DocumentSource, parseDocuments, type ParseStats } from './parse-pool.js';
import { parseKeyOf } from './parse-cache.js';
import type { ParsedDocument } from './parse-document.js';
import { loadPaths } from './load-paths.js';
import { assembleResources } from './load-resources.js';
import { loadSite } from './load-site.js';
import { generatedSkillClash, loadSkills } from './load-skills.js';
import type { ContentModel } from './model.js';

export interface LoadResult {
  /** Present when there is no error (warnings allowed). */
  model?: ContentModel;
  problems: Problem[];
  /** The parse-cache key of each document file the cache gave or took (see parseKeyOf). */
  parseKeys?: ReadonlyMap<string, string>;
}

/** Reads and checks a whole content folder. Problems are values; nothing is thrown for bad content. */
export interface LoadOptions {
  baseUrl?: string;
  /** Where parse results persist between builds; null turns the cache off. */
  cacheDir?: string | null;
  /** false: parse on the main thread only. */
  threads?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** YYYY-MM-DD that site.yaml `review_after` counts back from (reviewDateOf); today when absent. */
  reviewDate?: string;
}

export async function loadContent(
  contentDir: string,
  options: LoadOptions = {},
): Promise<LoadResult & { stats?: ParseStats }> {
  const dir = path.resolve(contentDir);
  // Files that lead outside the content folder (or are no regular files) are refused unread.
  const refused: Problem[] = [];
  const folders: RealFolders = new Map();
  // The file each check let through: the read that follows must find that one.
  const checked = new Map<string, CheckedIdentity>();
  const readable = (file: string) => {
    if (hasKeptRead(file)) return true;
    const check = checkContentFile(dir, file, folders);
    if ('problem' in check) refused.push(check.problem);
    else checked.set(file, { dev: check.stat.dev, ino: check.stat.ino });
    return !('problem' in check);
  };
  // Every entry named like a document, pipes, folders and broken links included: those are problems to report.
  const allResourceFiles = await resourceEntries(dir);
  const resourceFiles = allResourceFiles.filter(readable);
  const articleFileList = (await articleEntries(dir)).filter(readable);
  const resourceSources = resourceFiles.map((file) => ({ file, kind: 'resource' as const, digest: keptDigest(file) }));
  const articleSources = articleFileList.map((file) => ({ file, kind: 'article' as const, digest: keptDigest(file) }));
  const sources: DocumentSource[] = [...resourceSources, ...articleSources];
  const { results, stats } = await parseDocuments(sources, {
    cacheDir: options.cacheDir ?? null,
    contentDir: dir,
    // Text that is not UTF-8 (or holds NUL bytes) is a problem of its file; the rest is parsed.
    read: ({ file }) => {
      let bytes = takeKeptBytes(file);
      if (!bytes) {
        const read = readCheckedContent(file, checked.get(file) ?? keptIdentity(file));
        if (!read.ok) {
          refused.push(read.problem);
          return null;
        }
        bytes = read.bytes;
      }
      const decoded = decodeContentText(file, bytes);
      if (decoded.ok) return { text: decoded.text, bytes };
      refused.push(decoded.problem);
      return null;
    },
    ...(options.threads === false ? { threads: false } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  forgetKeptReads();
  // A refused file has no parse: it is left out, its problem reported above.
  const parsedOf = (from: number, list: DocumentSource[]) =>
    list.flatMap((source, index) => {
      const result = results[from + index];
      return result ? [{ file: source.file, result }] : [];
    });
  const parsedResources = parsedOf(0, resourceSources);
  const parsedArticles = new Map(
    parsedOf(resourceSources.length, articleSources).map(({ file, result }) => [file, result]),
  );
  const [siteResult, clusterResult, pathResult, skillResult] = await Promise.all([
    loadSite(dir, options.baseUrl),
    loadClusters(dir, parsedArticles),
    loadPaths(dir),
    loadSkills(dir),
  ]);
  const resourceResult = assembleResources(
    parsedResources.map(({ file }) => file),
    parsedResources.map(({ result }) => result),
  );
  const problems = [
    ...refused,
    ...siteResult.problems,
    ...resourceResult.problems,
    ...clusterResult.problems,
    ...pathResult.problems,
    ...skillResult.problems,
  ];
  const parseKeys = new Map<string, string>();
  const keep = (file: string, result: ParsedDocument) => {
    const key = parseKeyOf(result);
    if (key !== undefined) parseKeys.set(file, key);
  };
  for (const { file, result } of parsedResources) keep(file, result);
  for (const [file, result] of parsedArticles) keep(file, result);
  const site = siteResult.site;
  if (site) {
    // The findings of documents checked against the same site and link targets by the last build are kept.
    const memo = options.cacheDir
      ? new CrossCheckMemo(options.cacheDir, dir, (file) => parseKeys.get(file))
      : undefined;
    problems.push(
      ...crossCheck(
        {
          contentDir: dir,
          site,
          // Every document whose body rendered, loaded or not: one problem must not hide another.
          resources: resourceResult.checked,
          // A resource that could not be read still exists: links to it are not broken links.
          resourceSlugs: [
            ...new Set([
              ...resourceResult.slugs,
              ...allResourceFiles.map(slugOf).filter((slug) => slugPattern.test(slug)),
            ]),
          ],
          articleSlugs: clusterResult.slugs,
          articles: clusterResult.checked,
          paths: pathResult.paths,
          ...(pathResult.source ? { pathsSource: pathResult.source } : {}),
        },
        memo,
      ),
      ...generatedSkillClash(site, skillResult.skills),
      ...checkStaleness(
        site,
        [
          ...resourceResult.resources,
          ...clusterResult.clusters.flatMap((cluster) => [cluster.pillar, ...cluster.subs]),
        ],
        options.reviewDate ?? reviewDateOf(),
      ),
    );
    memo?.save();
  }
  const sorted = uniqueProblems(sortProblems(problems));
  if (!site || sorted.some(isError)) return { problems: sorted, stats };
  const clusters = [...clusterResult.clusters].sort((a, b) => byString(a.id, b.id));
  return {
    problems: sorted,
    stats,
    parseKeys,
    model: {
      dir,
      site,
      resources: [...resourceResult.resources].sort((a, b) => byString(a.slug, b.slug)),
      clusters,
      articles: clusters.flatMap((cluster) => [cluster.pillar, ...cluster.subs]),
      paths: pathResult.paths,
      skills: skillResult.skills,
    },
  };
}

/** Drops repeats of a problem (same place, same words), keeping the order. */
function uniqueProblems(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = JSON.stringify([
      problem.code,
      problem.file,
      problem.line,
      problem.column,
      problem.field,
      problem.message,
    ]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
