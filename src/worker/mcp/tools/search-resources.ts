import { rankRows } from '../../../shared/search-rank.js';
import { array, input, integer, limitArgument, object, string } from '../json-schema.js';
import { searchHit } from '../output-schemas.js';
import type { SearchIndexRow } from '../site-types.js';
import { publicPaths } from '../../../shared/public-paths.js';
import type { Tool } from '../tool.js';

/** Shared by search_resources and search: rank the static search index as schemas/search-index.schema.json describes. */
export async function searchRows(
  site: { json<T>(path: string): Promise<T> },
  query: string,
  limit: number,
  only?: 'resource' | 'article',
) {
  const index = await site.json<{ rows: SearchIndexRow[] }>(publicPaths.searchIndex);
  const rows = only ? index.rows.filter((row) => row.type === only) : index.rows;
  // Each hit is the index row as published (updated date included, so an agent can prefer fresh
  // material), with its score.
  return rankRows(rows, query, limit);
}

export const searchOutput = object(
  { query: string('The query.'), count: integer('Hits returned.'), results: array(searchHit) },
  ['query', 'count', 'results'],
);
export const queryArgument = string('Words to look for; hits in titles count most, then tags, then descriptions.', {
  minLength: 1,
  maxLength: 300,
});

function summarize(hits: { title: string; markdown: string; premium: boolean }[], query: string): string {
  if (!hits.length) return `No results for "${query}". Try fewer or broader words.`;
  return hits
    .map((hit, index) => `${index + 1}. ${hit.title}${hit.premium ? ' (premium)' : ''}: ${hit.markdown}`)
    .join('\n');
}

export const searchResources: Tool = {
  name: 'search_resources',
  title: 'Search resources',
  description:
    'Search the resources (not the guides) by keywords. Results are ranked by hits in the title, then tags, then description; fetch the `markdown` URL of the best hits, or call get_resource.',
  inputSchema: input({ query: queryArgument, limit: limitArgument(50, 10) }, ['query']),
  outputSchema: searchOutput,
  async run(args, { site }) {
    const query = args.query as string;
    const results = await searchRows(site, query, (args.limit as number | undefined) ?? 10, 'resource');
    return { structured: { query, count: results.length, results }, summary: summarize(results, query) };
  },
};

export const search: Tool = {
  name: 'search',
  title: 'Search everything',
  description:
    "Search resources and guides together by keywords, ranked title over tags over description. Narrow with `type`. Use get_resource or get_article on a hit's slug to read it.",
  inputSchema: input(
    {
      query: queryArgument,
      type: string('Only this kind of document.', { enum: ['resource', 'article'] }),
      limit: limitArgument(50, 10),
    },
    ['query'],
  ),
  outputSchema: searchOutput,
  async run(args, { site }) {
    const query = args.query as string;
    const results = await searchRows(
      site,
      query,
      (args.limit as number | undefined) ?? 10,
      args.type as 'resource' | 'article' | undefined,
    );
    return { structured: { query, count: results.length, results }, summary: summarize(results, query) };
  },
};
