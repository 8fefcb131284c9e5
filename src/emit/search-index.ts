import { agentView } from '../content/agent-view.js';
import type { Article, ContentModel, Resource } from '../content/model.js';
import {
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
import type { OutputFile, OutputFiles } from './output.js';
import { TermPostings } from './helpers/term-postings.js';
import { type HeadExtra, makeSearchPart, searchPartKey } from './helpers/search-part.js';
import type { SearchView } from './helpers/search-passages.js';

/**
 * Documents per chunk file: the chunks of a query's best hits are all it reads of the documents.
 * At 4,000 documents 16 rather than 64 cuts what a query parses (p50) from 674 KB to 402 KB, for 250 files rather than 63.
 */
export const searchChunkSize = 16;
/** About this many posting numbers per shard file (some 100 KB of JSON), so a query reads little. */
const numbersPerShard = 20_000;

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

/**
 * The index of `model`'s documents as one audience reads them: its meta file at once, and its files
 * under `root` one at a time as they are written. Two passes over the documents' parts: the first
 * sums the passages' lengths, so the second can keep only the strongest postings of a common term
 * as they come (TermPostings) rather than all of them.
 */
function searchIndex(
  model: ContentModel,
  context: EmitContext,
  view: SearchView,
  root: string,
): { meta: SearchMeta; files: () => OutputFiles } {
  const categories = new Map((model.site.categories ?? []).map((category) => [category.id, category.title]));
  const parts = [...model.resources, ...model.articles].map((document) => partOf(document, context, view, categories));
  const totals = { head: 0, heads: 0, section: 0, sections: 0, passages: 0 };
  for (const part of parts)
    for (let p = 0; p < part.passages.length; p += 3) {
      totals.passages++;
      if (part.passages[p] === 0) {
        totals.head += part.passages[p + 1]!;
        totals.heads++;
      } else {
        totals.section += part.passages[p + 1]!;
        totals.sections++;
      }
    }
  const averages = {
    head: totals.heads ? totals.head / totals.heads : 1,
    section: totals.sections ? totals.section / totals.sections : 1,
  };
  const postings = new TermPostings(averages);
  for (const [index, part] of parts.entries()) {
    const terms = part.terms.split(' ');
    let at = 0;
    for (let p = 0; p < part.passages.length; p += 3) {
      const section = part.passages[p]!;
      const length = part.passages[p + 1]!;
      for (const end = at + part.passages[p + 2]!; at < end; at++)
        postings.add(terms[at]!, index, section, part.frequencies[at]!, length);
    }
  }
  const documents: SearchDocument[] = parts.map((part) => part.document);
  const kept = postings.kept();
  let numbers = 0;
  for (const term of kept.values()) numbers += term.postings.length;
  const shardCount = Math.max(1, Math.ceil(numbers / numbersPerShard));
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
  const file = (path: string, value: unknown): OutputFile => ({ path: `public${path}`, content: jsonText(value) });
  function* files(): OutputFiles {
    yield file(paths.meta, meta);
    const termsOfShard: string[][] = Array.from({ length: shardCount }, () => []);
    for (const term of [...kept.keys()].sort()) termsOfShard[shardOf(term, shardCount)]!.push(term);
    for (const [n, terms] of termsOfShard.entries()) {
      const shard: SearchShard = { postings: {} };
      const passagesOf: Record<string, number> = {};
      for (const term of terms) {
        const { postings, passages } = kept.get(term)!;
        shard.postings[term] = postings;
        if (passages !== undefined) passagesOf[term] = passages;
      }
      if (Object.keys(passagesOf).length) shard.passages = passagesOf;
      yield file(paths.shard(n), shard);
    }
    for (let n = 0; n * searchChunkSize < documents.length; n++)
      yield file(paths.chunk(n), documents.slice(n * searchChunkSize, (n + 1) * searchChunkSize));
  }
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
export function* emitSearchIndex(context: EmitContext): OutputFiles {
  const { model } = context;
  const agents = searchIndex(agentView(model), context, 'agents', searchRoots.agents);
  yield* agents.files();
  if (audiencesDiffer(model)) {
    yield* searchIndex(model, context, 'people', searchRoots.people).files();
    return;
  }
  const meta: SearchMeta = { ...agents.meta, files: searchRoots.agents };
  yield { path: `public${searchPaths(searchRoots.people).meta}`, content: jsonText(meta) };
}
