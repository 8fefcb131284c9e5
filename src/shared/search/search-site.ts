// Full-text search over the static index of /api/search/ (README: Search): BM25F over passages
// (a document's head, then each section), a document ranked by its head and its best section, and
// an honest "not here" when no document holds enough of what the query asks. Web-standard code:
// the MCP tools run it in the worker, the search page in the browser.
import {
  bm25,
  type SearchChunk,
  type SearchDocument,
  type SearchMeta,
  type SearchShard,
  searchPaths,
  shardOf,
} from './index-format.js';
import { sectionText, snippetOf } from './snippet.js';
import { queryTermsOf } from './terms.js';

/** Reads a JSON file of the built site (the worker's static assets, or `fetch` in a browser). */
export interface SearchReader {
  json<T>(path: string): Promise<T>;
}

export interface SearchOptions {
  /** The index to search (searchRoots): agents' for the MCP tools, people's for the search page. */
  root: string;
  type?: 'resource' | 'article';
  limit: number;
  /** How many of the best hits get a snippet of their passage (each reads its document once). */
  snippets?: number;
  /** The text of a hit's section, as the index's audience reads it; by default from its JSON variant. */
  readSection?: (hit: SearchHit) => Promise<string | null>;
}

export interface HitPassage {
  heading: string;
  anchor: string;
  /** The section on the HTML page (`#anchor`), and the document's Markdown variant. */
  url: string;
  markdown: string;
  snippet?: string;
}

export type SearchHit = Omit<SearchDocument, 'sections'> & { score: number; passage?: HitPassage };

export interface SearchAnswer {
  /** The words searched for, as indexed (folded, stemmed, stop words left out). */
  terms: string[];
  /** false: no document holds enough of the query to answer it; `hits` are then only related documents. */
  answered: boolean;
  hits: SearchHit[];
}

/** The most words of a query that count: a pasted page must not cost a shard per word. */
export const maxQueryTerms = 24;
/** A document answers when it holds this share of the query's weight (its words, by rarity). */
export const answerCoverage = 0.4;
const { k1, b } = bm25;

/** BM25's inverse document frequency, over passages. */
function idf(passages: number, frequency: number): number {
  return Math.log(1 + (passages - frequency + 0.5) / (frequency + 0.5));
}

interface Scored {
  document: number;
  head: number;
  best: number;
  bestSection: number;
  /** Bit i: query term i occurs somewhere in the document. */
  terms: number;
}

/** Searches the site's full-text index; bounded by the index's shard size and `maxQueryTerms`. */
export async function searchSite(reader: SearchReader, query: string, options: SearchOptions): Promise<SearchAnswer> {
  const terms = queryTermsOf(query).slice(0, maxQueryTerms);
  if (!terms.length) return { terms, answered: false, hits: [] };
  const meta = await reader.json<SearchMeta>(searchPaths(options.root).meta);
  const paths = searchPaths(meta.files ?? options.root);
  const shardNumbers = [...new Set(terms.map((term) => shardOf(term, meta.shards)))];
  const shards = new Map<number, SearchShard>();
  await Promise.all(shardNumbers.map(async (n) => shards.set(n, await reader.json<SearchShard>(paths.shard(n)))));

  const inType = (document: number) => !options.type || (options.type === 'resource') === document < meta.resources;
  const documents = new Map<number, Scored>();
  const passages = new Map<number, number>();
  const weights = terms.map((term) => {
    const shard = shards.get(shardOf(term, meta.shards));
    const postings = shard?.postings[term] ?? [];
    return { postings, idf: idf(meta.passages, shard?.passages?.[term] ?? postings.length / 4) };
  });
  weights.forEach(({ postings, idf: weight }, t) => {
    for (let i = 0; i < postings.length; i += 4) {
      const [document, section, frequency, length] = [
        postings[i]!,
        postings[i + 1]!,
        postings[i + 2]!,
        postings[i + 3]!,
      ];
      if (!inType(document)) continue;
      const average = section === 0 ? meta.averageHeadLength : meta.averageSectionLength;
      const score = (weight * frequency * (k1 + 1)) / (frequency + k1 * (1 - b + (b * length) / average));
      const key = document * 65536 + section;
      passages.set(key, (passages.get(key) ?? 0) + score);
      const scored = documents.get(document) ?? { document, head: 0, best: 0, bestSection: 0, terms: 0 };
      scored.terms |= 1 << t;
      documents.set(document, scored);
    }
  });
  for (const [key, score] of passages) {
    const scored = documents.get(Math.floor(key / 65536))!;
    const section = key % 65536;
    if (section === 0) scored.head += score;
    else if (score > scored.best) {
      scored.best = score;
      scored.bestSection = section;
    }
  }

  const total = weights.reduce((sum, { idf: weight }) => sum + weight, 0);
  const coverage = (scored: Scored) =>
    weights.reduce((sum, { idf: weight }, t) => sum + (scored.terms & (1 << t) ? weight : 0), 0) / total;
  const ranked = [...documents.values()]
    .map((scored) => ({ scored, score: scored.head + scored.best }))
    .sort((x, y) => y.score - x.score || x.scored.document - y.scored.document);
  const answered = ranked.length > 0 && coverage(ranked[0]!.scored) >= answerCoverage;
  const top = ranked.slice(0, answered ? options.limit : Math.min(options.limit, 3));

  const chunks = new Map<number, SearchChunk>();
  await Promise.all(
    [...new Set(top.map(({ scored }) => Math.floor(scored.document / meta.chunkSize)))].map(async (n) =>
      chunks.set(n, await reader.json<SearchChunk>(paths.chunk(n))),
    ),
  );
  const hits = top.map(({ scored, score }): SearchHit => {
    const { sections, ...document } = chunks.get(Math.floor(scored.document / meta.chunkSize))![
      scored.document % meta.chunkSize
    ]!;
    const [heading, anchor] = (scored.bestSection && sections[scored.bestSection - 1]) || ['', ''];
    return {
      ...document,
      score: Math.round(score * 1000) / 1000,
      ...(scored.bestSection
        ? {
            passage: {
              heading,
              anchor,
              url: anchor ? `${document.url}#${anchor}` : document.url,
              markdown: document.markdown,
            },
          }
        : {}),
    };
  });
  await addSnippets(reader, hits, terms, options);
  return { terms, answered, hits };
}

/** A section of a free document as agents read it: from its JSON variant (premium bodies are never read). */
async function jsonSection(reader: SearchReader, hit: SearchHit): Promise<string | null> {
  if (hit.premium || !hit.passage) return null;
  try {
    const { body } = await reader.json<{ body?: string }>(new URL(hit.json).pathname);
    return body ? sectionText(body, hit.passage.heading) : null;
  } catch {
    return null;
  }
}

async function addSnippets(reader: SearchReader, hits: SearchHit[], terms: string[], options: SearchOptions) {
  const read = options.readSection ?? ((hit: SearchHit) => jsonSection(reader, hit));
  await Promise.all(
    hits.slice(0, options.snippets ?? 5).map(async (hit) => {
      if (!hit.passage) return;
      const text = hit.premium ? null : await read(hit).catch(() => null);
      hit.passage.snippet = snippetOf(text || hit.description, terms);
    }),
  );
}
