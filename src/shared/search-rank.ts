// Ranking of search-index rows as the search index schema describes (schemas/search-index.schema.json): query-term hits, title over tags over description.
// Web-standard code: used by the MCP server in the worker and by any client of /api/search-index.json.

import type { SearchIndex } from '../schemas/types.js';

/** The fields of a search-index row that ranking reads. */
export type SearchRow = Pick<SearchIndex['rows'][number], 'type' | 'slug' | 'title' | 'description' | 'tags'>;

export const searchWeights = { title: 3, tags: 2, description: 1 } as const;

/** Lowercase terms of a query: words of letters and digits, short filler words dropped. */
export function queryTerms(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((word) => word.length > 1 && !stopWords.has(word)))];
}

const stopWords = new Set([
  'a',
  'an',
  'and',
  'are',
  'for',
  'how',
  'in',
  'is',
  'of',
  'on',
  'or',
  'the',
  'to',
  'what',
  'with',
  'do',
  'does',
  'i',
  'my',
]);

/** A row's fields as terms are matched against them, made once per row: an index is read once and searched often. */
const matchable = new WeakMap<SearchRow, { title: string; description: string; tags: string }>();

function matchableFields(row: SearchRow): { title: string; description: string; tags: string } {
  let fields = matchable.get(row);
  if (!fields) {
    fields = {
      title: row.title.toLowerCase(),
      description: row.description.toLowerCase(),
      tags: row.tags.join(' ').replace(/-/g, ' '),
    };
    matchable.set(row, fields);
  }
  return fields;
}

export function scoreRow(row: SearchRow, terms: string[]): number {
  const { title, description, tags } = matchableFields(row);
  let score = 0;
  for (const term of terms) {
    if (title.includes(term)) score += searchWeights.title;
    if (tags.includes(term)) score += searchWeights.tags;
    if (description.includes(term)) score += searchWeights.description;
  }
  return score;
}

/** Rows with at least one hit, best first; ties keep index order (resources before articles, by slug). */
export function rankRows<Row extends SearchRow>(rows: Row[], query: string, limit = 10): (Row & { score: number })[] {
  const terms = queryTerms(query);
  if (!terms.length) return [];
  return rows
    .map((row, index) => ({ row, index, score: scoreRow(row, terms) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map(({ row, score }) => ({ ...row, score }));
}
