import { agentView } from '../content/agent-view.js';
import type { Article, ContentModel, Resource } from '../content/model.js';
import {
  bm25,
  maxPostings,
  type SearchDocument,
  type SearchMeta,
  type SearchShard,
  searchPaths,
  searchRoots,
  shardOf,
} from '../shared/search/index-format.js';
import { jsonText } from '../util/json-text.js';
import type { EmitContext } from './context.js';
import { articleRow, resourceRow } from './indexes.js';
import type { OutputFile } from './output.js';
import { type HeadExtra, makeSearchPart, searchPartKey } from './helpers/search-part.js';
import type { SearchView } from './helpers/search-passages.js';

/**
 * Documents per chunk file: the chunks of a query's best hits are all it reads of the documents.
 * At 4,000 documents 16 rather than 64 cuts what a query parses (p50) from 674 KB to 402 KB, for 250 files rather than 63.
 */
export const searchChunkSize = 16;
/** About this many posting numbers per shard file (some 100 KB of JSON), so a query reads little. */
const numbersPerShard = 20_000;

/**
 * A term's postings, at most maxPostings passages: those whose BM25 term weight is highest (a high
 * frequency in a short passage), in index order. Only a common term has more, and a query ranks by
 * its rare words.
 */
function strongestPostings(list: number[], averages: { head: number; section: number }): number[] {
  const count = list.length / 4;
  if (count <= maxPostings) return list;
  const weights = new Float64Array(count);
  for (let n = 0, i = 0; n < count; n++, i += 4) {
    const frequency = list[i + 2]!;
    const average = list[i + 1] === 0 ? averages.head : averages.section;
    weights[n] = frequency / (frequency + bm25.k1 * (1 - bm25.b + (bm25.b * list[i + 3]!) / average));
  }
  // The weight of the maxPostings-th strongest: above it all are kept, at it as many as fit, in order.
  const threshold = Float64Array.from(weights).sort()[count - maxPostings]!;
  let above = 0;
  for (const weight of weights) if (weight > threshold) above++;
  let atThreshold = maxPostings - above;
  const kept: number[] = [];
  for (let n = 0; n < count; n++) {
    if (weights[n]! < threshold || (weights[n] === threshold && atThreshold-- <= 0)) continue;
    kept.push(list[n * 4]!, list[n * 4 + 1]!, list[n * 4 + 2]!, list[n * 4 + 3]!);
  }
  return kept;
}

/** A document's part of the index as `view` reads it: kept from a previous build when its key is, else made. */
function partOf(document: Resource | Article, context: EmitContext, view: SearchView, categories: Map<string, string>) {
  const resource = 'premium' in document;
  const extra: HeadExtra = resource
    ? {
        category: categories.get(document.category) ?? document.category,
        head: document.premium_summary ? [document.premium_summary] : [],
      }
    : { head: [document.target_query ?? '', ...document.secondary_queries] };
  const store = context.searchParts;
  const key = store ? searchPartKey(store.contentKeyOf(document), document, view, extra) : undefined;
  const kept = key ? store!.get(key) : undefined;
  if (kept) return kept;
  const row = resource ? resourceRow(document, context.urls) : articleRow(document, context.urls);
  const made = makeSearchPart(document, view, extra, row);
  if (key) store!.set(key, made);
  return made;
}

/** The index of `model`'s documents as one audience reads them, its files under `root`. */
function searchIndexFiles(
  model: ContentModel,
  context: EmitContext,
  view: SearchView,
  root: string,
): { meta: SearchMeta; files: OutputFile[] } {
  const categories = new Map((model.site.categories ?? []).map((category) => [category.id, category.title]));
  const documents: SearchDocument[] = [];
  const postings = new Map<string, number[]>();
  const totals = { head: 0, heads: 0, section: 0, sections: 0, passages: 0 };
  const all: (Resource | Article)[] = [...model.resources, ...model.articles];
  for (const [index, document] of all.entries()) {
    const part = partOf(document, context, view, categories);
    documents.push(part.document);
    const terms = part.terms.split(' ');
    let at = 0;
    for (let p = 0; p < part.passages.length; p += 3) {
      const section = part.passages[p]!;
      const length = part.passages[p + 1]!;
      const count = part.passages[p + 2]!;
      totals.passages++;
      if (section === 0) {
        totals.head += length;
        totals.heads++;
      } else {
        totals.section += length;
        totals.sections++;
      }
      for (const end = at + count; at < end; at++) {
        const term = terms[at]!;
        const frequency = part.frequencies[at]!;
        const list = postings.get(term);
        if (list) list.push(index, section, frequency, length);
        else postings.set(term, [index, section, frequency, length]);
      }
    }
  }
  const averages = {
    head: totals.heads ? totals.head / totals.heads : 1,
    section: totals.sections ? totals.section / totals.sections : 1,
  };
  const kept = new Map([...postings].map(([term, list]) => [term, strongestPostings(list, averages)]));
  const numbers = [...kept.values()].reduce((sum, list) => sum + list.length, 0);
  const shardCount = Math.max(1, Math.ceil(numbers / numbersPerShard));
  const shards: SearchShard[] = Array.from({ length: shardCount }, () => ({ postings: {} }));
  for (const term of [...kept.keys()].sort()) {
    const shard = shards[shardOf(term, shardCount)]!;
    shard.postings[term] = kept.get(term)!;
    const all = postings.get(term)!.length / 4;
    if (all > maxPostings) shard.passages = { ...shard.passages, [term]: all };
  }
  const meta: SearchMeta = {
    version: 1,
    documents: documents.length,
    resources: model.resources.length,
    passages: totals.passages,
    averageHeadLength: averages.head,
    averageSectionLength: averages.section,
    shards: shardCount,
    chunkSize: searchChunkSize,
  };
  const paths = searchPaths(root);
  const file = (path: string, value: unknown): OutputFile => ({
    path: `public${path}`,
    content: jsonText(value),
  });
  const files = [
    file(paths.meta, meta),
    ...shards.map((shard, n) => file(paths.shard(n), shard)),
    ...Array.from({ length: Math.ceil(documents.length / searchChunkSize) }, (_, n) =>
      file(paths.chunk(n), documents.slice(n * searchChunkSize, (n + 1) * searchChunkSize)),
    ),
  ];
  return { meta, files };
}

/** Whether people see the site otherwise than agents: a document or a passage for one audience only. */
function audiencesDiffer(model: ContentModel): boolean {
  return [...model.resources, ...model.articles].some(
    (document) =>
      document.audience === 'people' ||
      Boolean(document.rendered.agentsOnlyAt?.length || document.rendered.peopleOnlyAt?.length),
  );
}

/**
 * The full-text index of every resource and guide (README: Search), sharded by term so a query
 * reads only the shards of its words, and the documents in chunks: /api/search/ as agents read the
 * site (for the MCP tools), and /search/people/ as people do (for the search page); when audience
 * controls make no difference, people's meta file points at agents' files. Premium bodies are
 * never indexed.
 */
export function emitSearchIndex(context: EmitContext): OutputFile[] {
  const { model } = context;
  const agents = searchIndexFiles(agentView(model), context, 'agents', searchRoots.agents);
  if (audiencesDiffer(model))
    return [...agents.files, ...searchIndexFiles(model, context, 'people', searchRoots.people).files];
  const meta: SearchMeta = { ...agents.meta, files: searchRoots.agents };
  return [...agents.files, { path: `public${searchPaths(searchRoots.people).meta}`, content: jsonText(meta) }];
}
