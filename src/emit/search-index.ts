import { createHash } from 'node:crypto';
import { compilerKey } from '../cache/compiler-key.js';
import { agentView } from '../content/agent-view.js';
import { exportPartKey } from './helpers/document-digests.js';
import type { Article, ContentModel, Resource } from '../content/model.js';
import { type SearchMeta, searchPaths, searchRoots, shardOf } from '../shared/search/index-format.js';
import { byString } from '../util/compare.js';
import { jsonSafe, jsonText } from '../util/json-text.js';
import type { EmitContext } from './context.js';
import { articleRow, resourceRow } from './indexes.js';
import type { OutputFiles } from './output.js';
import {
  allPostings,
  keptPostings,
  type PassageAverages,
  type TermPostings,
  termPostings,
} from './helpers/term-postings.js';
import { patchedUpTo } from './helpers/patch-postings.js';
import { addTotals, patchMerged } from './helpers/merged-postings.js';
import {
  type HeadExtra,
  makeSearchPart,
  type MergedPostings,
  type SearchPart,
  type SearchPartStore,
  searchPartKey,
  totalsPerDocument,
} from './helpers/search-part.js';
import type { SearchView } from './helpers/search-passages.js';

/**
 * Documents per chunk file: the chunks of a query's best hits are all it reads of the documents.
 * At 4,000 documents 16 rather than 64 cuts what a query parses (p50) from 674 KB to 402 KB, for 250 files rather than 63.
 */
export const searchChunkSize = 16;
/** About this many posting numbers per shard file (some 100 KB of JSON), so a query reads little. */
export const numbersPerShard = 20_000;

/** What every part depends on besides its document: the compiler and the site settings (its URL, its categories' titles). */
function partsContext(model: ContentModel): string {
  return createHash('sha256').update(compilerKey()).update(JSON.stringify(model.site)).digest('hex');
}

/** A document's part of the index as `view` reads it, by its key: read from the cache only when first asked for, else made. */
interface PartEntry {
  key: string;
  part(): SearchPart;
}

function partEntry(
  document: Resource | Article,
  context: EmitContext,
  view: SearchView,
  categories: Map<string, string>,
  shared: string,
): PartEntry {
  const resource = 'premium' in document;
  const extra: HeadExtra = resource
    ? {
        category: categories.get(document.category) ?? document.category,
        head: document.premium_summary ? [document.premium_summary] : [],
      }
    : { head: [document.target_query ?? '', ...document.secondary_queries] };
  const store = context.searchParts;
  const key = searchPartKey(exportPartKey(shared, document), document, view, extra);
  let part: SearchPart | undefined;
  return {
    key,
    part: () => {
      part ??= store?.get(key);
      if (part) return part;
      const row = resource ? resourceRow(document, context.urls) : articleRow(document, context.urls);
      part = makeSearchPart(document, view, extra, row);
      store?.set(key, part);
      return part;
    },
  };
}

/**
 * Up to this many postings, a build keeps every posting for the next to patch (16 bytes each): some
 * 320,000 at 4,000 small resources. Above, at 100,000 documents, the memory counts more.
 */
const mergedUpTo = 4_000_000;

/**
 * The postings of `entries`, capped, with their passage statistics: merged postings patched from
 * the previous build's when that build had as many documents and few of them changed
 * (patchedUpTo), else merged from every part (and kept for the next build when the site is small
 * enough). `documents`: each document's row as JSON, when the merged postings hold them.
 */
function indexPostings(
  entries: PartEntry[],
  store: SearchPartStore | undefined,
  view: SearchView,
): { postings: TermPostings; averages: PassageAverages; passages: number; documents?: string[] } {
  const keys = entries.map(({ key }) => key);
  const previous = store?.mergedPostings(view);
  // What the previous postings hold of each document: their own keys, with the patch's in its place.
  const before = previous?.postings.keys.slice();
  for (const [n, { key }] of previous?.patch ?? []) before![n] = key;
  const changed = before?.length === keys.length ? keys.flatMap((key, n) => (before[n] === key ? [] : [n])) : undefined;
  let merged: MergedPostings | undefined;
  let everyPart: SearchPart[] | undefined;
  let totals: Float64Array;
  if (store && previous && changed && changed.length <= patchedUpTo) {
    // One patch of the merged postings: the documents the patch on file holds, and those changed since.
    const patch = new Map(previous.patch);
    for (const n of changed) patch.set(n, { key: keys[n]!, part: entries[n]!.part() });
    const made = new Set(changed);
    for (const [n, key] of keys.entries()) if (!made.has(n)) store.keep(key);
    merged = patchMerged(previous.postings, patch);
    totals = merged.totals;
    store.setMergedPostings(view, merged, patch);
  } else {
    everyPart = entries.map((entry) => entry.part());
    totals = new Float64Array(everyPart.length * totalsPerDocument);
    for (const [n, part] of everyPart.entries()) addTotals(totals, n, part);
    let count = 0;
    for (const part of everyPart) count += part.frequencies.length;
    if (store && count <= mergedUpTo) {
      const documents = everyPart.map((part) => JSON.stringify(part.document));
      merged = { ...allPostings(everyPart), keys, totals, documents };
    }
    store?.setMergedPostings(view, merged ?? null);
  }
  const { averages, passages } = passageStatistics(totals);
  return {
    postings: merged ? keptPostings(merged, averages) : termPostings(everyPart!, averages),
    averages,
    passages,
    ...(merged ? { documents: merged.documents } : {}),
  };
}

/** The average weighted length of a head passage and of any other, and how many passages there are, over every document's totals. */
function passageStatistics(totals: Float64Array): { averages: PassageAverages; passages: number } {
  let head = 0;
  let heads = 0;
  let section = 0;
  let sections = 0;
  let passages = 0;
  for (let at = 0; at < totals.length; at += totalsPerDocument) {
    head += totals[at]!;
    heads += totals[at + 1]!;
    section += totals[at + 2]!;
    sections += totals[at + 3]!;
    passages += totals[at + 4]!;
  }
  return { averages: { head: heads ? head / heads : 1, section: sections ? section / sections : 1 }, passages };
}

/** Changed whenever the shards' or chunks' layout changes, so no build keeps a file of another layout. */
const fileFormat = 'search-files 1';

/**
 * The index of `model`'s documents as one audience reads them: its meta file at once, and its files
 * under `root` one at a time as they are written. Each term shard and document chunk carries a key
 * of what it holds, so a build after a build keeps those an edit left alone (a shard's key is a
 * digest of its postings, cheaper than its JSON; a chunk's, of its documents' part keys).
 */
function searchIndex(
  model: ContentModel,
  context: EmitContext,
  view: SearchView,
  root: string,
): { meta: SearchMeta; files: () => OutputFiles } {
  const categories = new Map((model.site.categories ?? []).map((category) => [category.id, category.title]));
  const shared = partsContext(model);
  const entries = [...model.resources, ...model.articles].map((document) =>
    partEntry(document, context, view, categories, shared),
  );
  const { postings, averages, passages, documents } = indexPostings(entries, context.searchParts, view);
  const shardCount = Math.max(1, Math.ceil(postings.numbers / numbersPerShard));
  const meta: SearchMeta = {
    version: 1,
    documents: entries.length,
    resources: model.resources.length,
    passages,
    averageHeadLength: averages.head,
    averageSectionLength: averages.section,
    shards: shardCount,
    chunkSize: searchChunkSize,
  };
  const paths = searchPaths(root);
  function* files(): OutputFiles {
    yield { path: `public${paths.meta}`, content: jsonText(meta) };
    const termsOfShard: number[][] = Array.from({ length: shardCount }, () => []);
    const byTerm = postings.terms.map((_, id) => id).sort((a, b) => byString(postings.terms[a]!, postings.terms[b]!));
    for (const id of byTerm) termsOfShard[shardOf(postings.terms[id]!, shardCount)]!.push(id);
    for (const [n, ids] of termsOfShard.entries()) {
      const digest = createHash('sha256').update(fileFormat).update(compilerKey()).update(`\0shard ${n}/${shardCount}`);
      for (const id of ids) {
        digest.update(`\0${postings.terms[id]}\0${postings.passages(id) ?? ''}\0`);
        digest.update(postings.postings(id));
      }
      yield {
        path: `public${paths.shard(n)}`,
        key: digest.digest('hex'),
        content: lazily(() => shardText(postings, ids)),
      };
    }
    for (let n = 0; n * searchChunkSize < entries.length; n++) {
      const from = n * searchChunkSize;
      const members = entries.slice(from, from + searchChunkSize);
      const keys = members.map(({ key }) => key).join('\0');
      yield {
        path: `public${paths.chunk(n)}`,
        key: createHash('sha256').update(fileFormat).update(`\0chunk\0${keys}`).digest('hex'),
        // The rows as JSON.stringify wrote them, joined as it joins an array's items: the same text.
        content: lazily(() =>
          documents
            ? jsonSafe(`[${documents.slice(from, from + searchChunkSize).join(',')}]`)
            : jsonText(members.map((member) => member.part().document)),
        ),
      };
    }
  }
  return { meta, files };
}

/** Content made only if a file is written, not when it is kept. */
function lazily(make: () => string): Iterable<string> {
  return {
    *[Symbol.iterator]() {
      yield make();
    },
  };
}

/**
 * A shard file (SearchShard) of the terms `ids`, given in sorted order, as JSON.stringify writes the
 * object, its keys in the order an object orders them (terms that are array indexes first, by
 * value), but without an array of numbers per term.
 */
function shardText(postings: TermPostings, ids: number[]): string {
  const ordered = [
    ...ids
      .filter((id) => isArrayIndex(postings.terms[id]!))
      .sort((a, b) => Number(postings.terms[a]) - Number(postings.terms[b])),
    ...ids.filter((id) => !isArrayIndex(postings.terms[id]!)),
  ];
  const entries = ordered.map((id) => `${JSON.stringify(postings.terms[id])}:[${postings.postings(id).join(',')}]`);
  const common = ordered.filter((id) => postings.passages(id) !== undefined);
  const counts = common.map((id) => `${JSON.stringify(postings.terms[id])}:${postings.passages(id)}`);
  return jsonSafe(`{"postings":{${entries.join(',')}}${counts.length ? `,"passages":{${counts.join(',')}}` : ''}}`);
}

/** A property name an object orders before the others, by value: a canonical integer below 2^32 - 1. */
function isArrayIndex(name: string): boolean {
  return /^(?:0|[1-9]\d{0,9})$/.test(name) && Number(name) < 2 ** 32 - 1;
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
