// The static full-text index the build writes (README: Search), read by the MCP search tools in
// the worker and by the search page. A query reads the small meta file, the shard of each of its
// terms, and the document chunks of its best hits: never the whole index. There is one index per
// audience: /api/search/ as agents see the site, and /search/people/ as people do; when audience
// controls make no difference, people's meta file points at agents' shards and chunks.

import type { SearchIndex } from '../../schemas/types.js';

/** Where each index's meta file is. */
export const searchRoots = { agents: '/api/search/', people: '/search/people/' } as const;

/** <root>meta.json */
export interface SearchMeta {
  version: 1;
  documents: number;
  /** Documents `0` to `resources - 1` are resources, the rest guides. */
  resources: number;
  passages: number;
  /** Average weighted length of a document's head passage (title, description, tags) and of a section. */
  averageHeadLength: number;
  averageSectionLength: number;
  /** How many term shards there are: a term's shard is `shardOf(term, shards)`. */
  shards: number;
  /** The folder of the shards and chunks, when they are another index's (the same documents, seen alike). */
  files?: string;
  /** How many documents each chunk file holds: document `i` is in chunk `floor(i / chunkSize)`. */
  chunkSize: number;
}

/**
 * <root>terms/<n>.json: for each term of the shard, its postings flattened, four numbers per
 * passage: document, section (0 is the head), weighted term frequency and the passage's weighted
 * length. A term in more than `maxPostings` passages keeps only the passages it weighs most in
 * (its weight in any is small: it is common), and says in `passages` how many hold it.
 */
export interface SearchShard {
  postings: Record<string, number[]>;
  passages?: Record<string, number>;
}

/** The most passages a term's postings list: a query's work stays bounded on any site. */
export const maxPostings = 4096;

/** A document as a hit shows it: the fields of a search-index row, and its sections' headings and anchors. */
export type SearchDocument = SearchIndex['rows'][number] & {
  /** Section `i + 1` of the postings: its heading and the id of that heading on the HTML page ('' when it has none). */
  sections: [heading: string, anchor: string][];
};

/** <root>docs/<n>.json: `chunkSize` documents in index order. */
export type SearchChunk = SearchDocument[];

/** The files of the index at `root` (one of searchRoots). */
export function searchPaths(root: string) {
  return {
    meta: `${root}meta.json`,
    shard: (n: number) => `${root}terms/${n}.json`,
    chunk: (n: number) => `${root}docs/${n}.json`,
  };
}

/** The shard a term is in: FNV-1a of its UTF-16 code units, so the build and every reader agree. */
export function shardOf(term: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) {
    hash ^= term.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shards;
}

/** BM25's term-frequency saturation and length normalisation. */
export const bm25 = { k1: 1.2, b: 0.75 } as const;

/** Field weights of a passage (BM25F): a word in a title says more than one in running text. */
export const fieldWeights = { title: 5, heading: 3, tags: 3, description: 2, body: 1 } as const;
