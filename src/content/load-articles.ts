import path from 'node:path';
import { byString } from '../util/compare.js';
import fs from 'node:fs';
import fg from 'fast-glob';
import type { Problem } from '../errors/problem.js';
import type { Article, Cluster } from './model.js';
import { checkedDraft, defineLazySource, documentBase } from './assemble-document.js';
import { carryBody } from './lazy-body.js';
import { isKnown, type CheckedArticle } from './cross-checks.js';
import { fieldsThatPassed, type ParsedDocument } from './parse-document.js';
import { contentFolderShown } from './file-problem.js';
import { contentFileProblem } from './content-file.js';
import { articleEntries } from './document-entries.js';
import { fileProblem, readYamlFile } from './read-source.js';
import { validateAgainstSchema } from './schema-problems.js';
import { slugOf, slugPattern } from './slug.js';
import { positionOf } from './source-file.js';
import { joinedFields } from '../util/joined-fields.js';

type ArticleFrontMatter = Pick<Article, 'title' | 'description' | 'kind' | 'published' | 'updated'> &
  Partial<Pick<Article, 'target_query' | 'secondary_queries' | 'tags' | 'takeaways' | 'faq' | 'resources'>> & {
    order?: number;
  };

type ClusterFile = Pick<Cluster, 'title' | 'status'> &
  Partial<Pick<Cluster, 'id' | 'description' | 'target_query' | 'started' | 'target_subs'>>;

export interface LoadedClusters {
  clusters: Cluster[];
  /** Every article file whose body rendered, loaded or not, in folder order: the cross-file checks run on all of them. */
  checked: CheckedArticle[];
  slugs: string[];
  problems: Problem[];
}

/** Loads every cluster folder under `articles/` and checks its shape: one pillar, subs with distinct orders. */
export async function loadClusters(dir: string, parsedArticles: Map<string, ParsedDocument>): Promise<LoadedClusters> {
  const problems: Problem[] = [];
  const clusters: Cluster[] = [];
  const checked: CheckedArticle[] = [];
  // Every article entry, readable or not: links to one that cannot be read are not broken links.
  const slugs = (await articleEntries(dir)).map((file) => slugOf(file)).filter((slug) => slugPattern.test(slug));
  const folders = (await fg('articles/*', { cwd: dir, onlyDirectories: true, absolute: true })).sort();
  problems.push(...(await strayEntryProblems(dir, new Set(folders))));

  // Each folder's parsed articles, grouped once rather than searched for per cluster.
  const byFolder = new Map<string, [string, ParsedDocument][]>();
  for (const entry of parsedArticles) {
    const folder = path.dirname(entry[0]);
    const list = byFolder.get(folder);
    if (list) list.push(entry);
    else byFolder.set(folder, [entry]);
  }
  for (const folder of folders) {
    const id = path.basename(folder);
    const clusterFile = path.join(folder, 'cluster.yaml');
    // The articles are checked whatever is wrong with their cluster: its problem must not hide theirs.
    const parsed = byFolder.get(folder) ?? [];
    const { articles, documents } = assembleArticles(parsed, id, problems);
    checked.push(...documents);
    if (!slugPattern.test(id)) {
      problems.push(fileProblem(folder, 'InvalidFileName', { kind: 'cluster', name: id }));
      continue;
    }
    // lstat: a broken symlink is there, and its read says what is wrong with it.
    if (!fs.lstatSync(clusterFile, { throwIfNoEntry: false })) {
      problems.push(fileProblem(clusterFile, 'MissingFile', { missing: 'cluster.yaml', cluster: id }));
      continue;
    }
    // Judged on the articles alone, so a broken cluster.yaml does not hide these either.
    problems.push(...checkClusterShape(id, clusterFile, documents, parsed.length));
    const read = await readYamlFile(dir, clusterFile);
    problems.push(...read.problems);
    if (!read.source) continue;
    const schemaProblems = validateAgainstSchema(read.source, 'cluster', `cluster \`${id}\``);
    problems.push(...schemaProblems);
    const meta = fieldsThatPassed(read.source.data, schemaProblems).fields as Partial<ClusterFile>;
    if (meta.id !== undefined && meta.id !== id) {
      problems.push(
        fileProblem(
          clusterFile,
          'ClusterIdMismatch',
          { id: meta.id, folder: id },
          {
            ...positionOf(read.source, ['id']),
            field: 'id',
          },
        ),
      );
    }
    const pillar = articles.find((article) => article.kind === 'pillar');
    // Only a cluster with no problem of its own joins the model (the build stops at any error anyway).
    if (schemaProblems.length || !pillar) continue;
    const subs = articles
      .filter((article) => article.kind === 'sub')
      .sort((a, b) => a.order - b.order || byString(a.slug, b.slug));
    // The pillar is the cluster's overview: a cluster whose pillar is for people is for people whole.
    if (pillar.audience === 'people') for (const sub of subs) sub.audience = 'people';
    clusters.push({ ...(meta as ClusterFile), id, file: clusterFile, source: read.source, pillar, subs });
  }
  return { clusters, checked, slugs, problems };
}

/**
 * One pillar, and subs with distinct orders, judged on every article of the folder whose kind is
 * known: an article with a front-matter problem still counts, so its problem does not cascade.
 */
function checkClusterShape(id: string, clusterFile: string, documents: CheckedArticle[], files: number): Problem[] {
  const problems: Problem[] = [];
  const pillars = documents.filter((article) => article.kind === 'pillar');
  // An article whose kind is unknown (its own problem is reported) may be the missing pillar.
  const kindsKnown = documents.length === files && documents.every((article) => article.kind !== undefined);
  if (pillars.length === 0 && kindsKnown) {
    problems.push(fileProblem(clusterFile, 'ClusterWithoutPillar', { cluster: id }, { line: 1, column: 1 }));
  }
  for (const extra of pillars.slice(1)) {
    problems.push(
      fileProblem(
        extra.file,
        'ClusterWithManyPillars',
        { cluster: id, pillar: nameOf(pillars[0]!) },
        {
          ...positionOf(extra.source, ['kind']),
          field: 'kind',
        },
      ),
    );
  }
  const byOrder = new Map<number, CheckedArticle>();
  for (const sub of documents.filter((article) => article.kind === 'sub')) {
    // An `order` that failed its schema check has its own problem; 0 is what a loaded sub without one holds.
    if (!sub.order) {
      if (isKnown(sub, 'order'))
        problems.push(
          fileProblem(sub.file, 'SubWithoutOrder', { article: nameOf(sub) }, { line: 1, column: 1, field: 'order' }),
        );
      continue;
    }
    const taken = byOrder.get(sub.order);
    if (taken) {
      problems.push(
        fileProblem(
          sub.file,
          'DuplicateSubOrder',
          { order: sub.order, other: nameOf(taken), cluster: id },
          {
            ...positionOf(sub.source, ['order']),
            field: 'order',
          },
        ),
      );
    }
    byOrder.set(sub.order, sub);
  }
  return problems;
}

/** How messages name an article: its slug, or its file name when that is no slug. */
function nameOf(article: CheckedArticle): string {
  return article.slug ?? path.basename(article.file);
}

/** A symlink whose target is not there, or that leads back to itself. */
function isBrokenLink(entry: string): boolean {
  if (!fs.lstatSync(entry, { throwIfNoEntry: false })?.isSymbolicLink()) return false;
  try {
    return !fs.statSync(entry, { throwIfNoEntry: false });
  } catch {
    // ELOOP: a link that leads back to itself is as broken.
    return true;
  }
}

/**
 * What is wrong with the entries of `articles/` that are no cluster folder: a document there belongs
 * in one, an entry that cannot be read says why (a pipe named `x.md`), and so does a broken symlink
 * of any name, which may be a whole cluster folder gone missing.
 */
async function strayEntryProblems(dir: string, folders: Set<string>): Promise<Problem[]> {
  const problems: Problem[] = [];
  const entries = (await fg('articles/*', { cwd: dir, onlyFiles: false, absolute: true })).sort();
  for (const entry of entries) {
    if (folders.has(entry)) continue;
    const document = entry.endsWith('.md');
    if (!document && !isBrokenLink(entry)) continue;
    const refused = contentFileProblem(dir, entry);
    if (refused) problems.push(refused);
    else if (document)
      problems.push(fileProblem(entry, 'MissingFile', { missing: 'cluster folder', folder: contentFolderShown(dir) }));
  }
  return problems;
}

/** The folder's articles that join the model, and every article the cross-file checks can look at. */
function assembleArticles(
  parsed: [file: string, result: ParsedDocument][],
  clusterId: string,
  problems: Problem[],
): { articles: Article[]; documents: CheckedArticle[] } {
  const articles: Article[] = [];
  const documents: CheckedArticle[] = [];
  for (const [file, result] of parsed) {
    problems.push(...result.problems);
    if (!result.slug || !result.front || !result.rendered) {
      const draft = checkedDraft<CheckedArticle>(result, file);
      if (draft) documents.push(draft);
      continue;
    }
    const front = result.front as ArticleFrontMatter;
    const article = carryBody(
      defineLazySource(
        joinedFields(front, documentBase(result, result.slug, file), {
          clusterId,
          order: front.kind === 'pillar' ? 0 : (front.order ?? 0),
          secondary_queries: front.secondary_queries ?? [],
          tags: front.tags ?? [],
          takeaways: front.takeaways ?? [],
          faq: front.faq ?? [],
          resources: front.resources ?? [],
        }),
        file,
      ),
      result,
    );
    articles.push(article);
    documents.push(article);
  }
  return { articles, documents };
}
