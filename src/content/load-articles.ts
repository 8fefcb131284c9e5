import path from 'node:path';
import { byString } from '../util/compare.js';
import fs from 'node:fs';
import fg from 'fast-glob';
import type { Problem } from '../errors/problem.js';
import { schemaRegistry } from '../schemas/registry.js';
import type { Article, Cluster } from './model.js';
import { defineLazySource, documentBase } from './assemble-document.js';
import type { ParsedDocument } from './parse-document.js';
import { fileProblem, readYamlFile } from './read-source.js';
import { validateAgainstSchema } from './schema-problems.js';
import { slugOf, slugPattern } from './slug.js';
import { positionOf } from './source-file.js';

type ArticleFrontMatter = Pick<Article, 'title' | 'description' | 'kind' | 'published' | 'updated'> &
  Partial<Pick<Article, 'target_query' | 'secondary_queries' | 'tags' | 'takeaways' | 'faq' | 'resources'>> & { order?: number };

type ClusterFile = Pick<Cluster, 'title' | 'status'> & Partial<Pick<Cluster, 'id' | 'description' | 'target_query' | 'started' | 'target_subs'>>;

/** Loads every cluster folder under `articles/` and checks its shape: one pillar, subs with distinct orders. */
export async function loadClusters(dir: string, parsedArticles: Map<string, ParsedDocument>): Promise<{ clusters: Cluster[]; slugs: string[]; problems: Problem[] }> {
  const problems: Problem[] = [];
  const clusters: Cluster[] = [];
  const slugs = (await fg('articles/*/*.md', { cwd: dir })).map((file) => slugOf(file)).filter((slug) => slugPattern.test(slug));
  const folders = (await fg('articles/*', { cwd: dir, onlyDirectories: true, absolute: true })).sort();
  const strayFiles = await fg('articles/*.md', { cwd: dir, absolute: true });
  for (const file of strayFiles) {
    problems.push(fileProblem(file, 'MissingFile', 'an article must live in a cluster folder', 'Move it to `articles/<cluster>/` next to that cluster\'s cluster.yaml.'));
  }

  // Each folder's parsed articles, grouped once rather than searched for per cluster.
  const byFolder = new Map<string, [string, ParsedDocument][]>();
  for (const entry of parsedArticles) byFolder.set(path.dirname(entry[0]), [...(byFolder.get(path.dirname(entry[0])) ?? []), entry]);
  for (const folder of folders) {
    const id = path.basename(folder);
    const clusterFile = path.join(folder, 'cluster.yaml');
    if (!slugPattern.test(id)) {
      problems.push(fileProblem(folder, 'InvalidFileName', `cluster folder \`${id}\` is not a valid id`, 'Rename the folder to lowercase kebab-case: it is the cluster id.'));
      continue;
    }
    if (!fs.existsSync(clusterFile)) {
      problems.push(fileProblem(clusterFile, 'MissingFile', `cluster \`${id}\` has no cluster.yaml`, 'Add cluster.yaml with at least `title` and `status` (active or complete).'));
      continue;
    }
    const read = await readYamlFile(dir, clusterFile);
    problems.push(...read.problems);
    if (!read.source) continue;
    const schemaProblems = validateAgainstSchema(read.source, schemaRegistry().validator('cluster'), `cluster \`${id}\``);
    problems.push(...schemaProblems);
    const articles = assembleArticles(byFolder.get(folder) ?? [], id, problems);
    if (schemaProblems.length) continue;
    const meta = read.source.data as ClusterFile;
    if (meta.id !== undefined && meta.id !== id) {
      problems.push(
        fileProblem(clusterFile, 'ClusterIdMismatch', `\`id\` is "${meta.id}" but the folder is \`${id}\``, `Remove \`id\` (the folder name is the id) or set it to "${id}".`, {
          ...positionOf(read.source, ['id']),
          field: 'id',
        }),
      );
    }
    const pillars = articles.filter((article) => article.kind === 'pillar');
    if (pillars.length === 0) {
      problems.push(fileProblem(clusterFile, 'ClusterWithoutPillar', `cluster \`${id}\` has no article with \`kind: pillar\``, 'Mark the cluster\'s main article with `kind: pillar` in its front matter.', { line: 1, column: 1 }));
      continue;
    }
    for (const extra of pillars.slice(1)) {
      problems.push(
        fileProblem(extra.file, 'ClusterWithManyPillars', `cluster \`${id}\` already has the pillar \`${pillars[0]!.slug}\``, 'A cluster has exactly one pillar: set `kind: sub` and an `order` on this article.', {
          ...positionOf(extra.source, ['kind']),
          field: 'kind',
        }),
      );
    }
    const subs = articles.filter((article) => article.kind === 'sub');
    const byOrder = new Map<number, Article>();
    for (const sub of subs) {
      if (sub.order === 0) {
        problems.push(fileProblem(sub.file, 'SubWithoutOrder', `sub-article \`${sub.slug}\` has no \`order\``, 'Add `order: N` (1 for the first sub after the pillar) to place it in the reading order.', { line: 1, column: 1, field: 'order' }));
        continue;
      }
      const taken = byOrder.get(sub.order);
      if (taken) {
        problems.push(
          fileProblem(sub.file, 'DuplicateSubOrder', `\`order\` ${sub.order} is already used by \`${taken.slug}\` in cluster \`${id}\``, 'Give every sub-article in a cluster its own `order`.', {
            ...positionOf(sub.source, ['order']),
            field: 'order',
          }),
        );
      }
      byOrder.set(sub.order, sub);
    }
    subs.sort((a, b) => a.order - b.order || byString(a.slug, b.slug));
    clusters.push({ ...meta, id, file: clusterFile, source: read.source, pillar: pillars[0]!, subs });
  }
  return { clusters, slugs, problems };
}

/** The article files of every cluster folder, in a stable order: what the caller parses. */
export async function articleFiles(dir: string): Promise<string[]> {
  return (await fg('articles/*/*.md', { cwd: dir, absolute: true })).sort();
}

function assembleArticles(parsed: [file: string, result: ParsedDocument][], clusterId: string, problems: Problem[]): Article[] {
  const articles: Article[] = [];
  for (const [file, result] of parsed) {
    problems.push(...result.problems);
    if (!result.slug || !result.front) continue;
    const front = result.front as ArticleFrontMatter;
    articles.push(
      defineLazySource(
        {
          ...front,
          ...documentBase({ ...result, slug: result.slug }, file),
          clusterId,
          order: front.kind === 'pillar' ? 0 : (front.order ?? 0),
          secondary_queries: front.secondary_queries ?? [],
          tags: front.tags ?? [],
          takeaways: front.takeaways ?? [],
          faq: front.faq ?? [],
          resources: front.resources ?? [],
        },
        file,
      ),
    );
  }
  return articles;
}
