import { searchRoots } from '../../../shared/search/index-format.js';
import { type SearchAnswer, searchSite } from '../../../shared/search/search-site.js';
import { array, boolean, input, integer, limitArgument, object, string } from '../json-schema.js';
import { searchHit } from '../output-schemas.js';
import type { Tool, ToolContext } from '../tool.js';

/** Shared by search_resources and search: the full-text index of /api/search/, as agents may read it. */
function searchFor(
  site: { json<T>(path: string): Promise<T> },
  query: string,
  limit: number,
  type?: 'resource' | 'article',
): Promise<SearchAnswer> {
  return searchSite(site, query, { root: searchRoots.agents, limit, ...(type ? { type } : {}) });
}

export const searchOutput = object(
  {
    query: string('The query.'),
    answered: boolean(
      'false: no document here holds enough of the query to answer it; the results (at most 3) are only related.',
    ),
    count: integer('Hits returned.'),
    results: array(searchHit),
  },
  ['query', 'answered', 'count', 'results'],
);
export const queryArgument = string(
  'A question or keywords. Every word of titles, headings, descriptions, tags and bodies is searched; rarer words count more.',
  { minLength: 1, maxLength: 300 },
);

function summarize({ hits, answered }: SearchAnswer, query: string): string {
  const lines = hits.map((hit, index) => {
    const where = hit.passage ? `"${hit.passage.heading}", ${hit.passage.url}` : hit.markdown;
    const snippet = hit.passage?.snippet ? `\n   ${hit.passage.snippet}` : '';
    return `${index + 1}. ${hit.title}${hit.premium ? ' (premium)' : ''}: ${where}${snippet}`;
  });
  if (answered) return lines.join('\n');
  const none = `No document here answers "${query}".`;
  return lines.length ? `${none} Related, in case they help:\n${lines.join('\n')}` : `${none} Try other words.`;
}

async function run(context: ToolContext, args: Record<string, unknown>, only?: 'resource') {
  const query = args.query as string;
  const answer = await searchFor(
    context.site,
    query,
    (args.limit as number | undefined) ?? 10,
    only ?? (args.type as 'resource' | 'article' | undefined),
  );
  // A question nothing here answers is a page the publisher has yet to write.
  context.notes.query = query;
  context.notes.results = answer.answered ? answer.hits.length : 0;
  return {
    structured: { query, answered: answer.answered, count: answer.hits.length, results: answer.hits },
    summary: summarize(answer, query),
  };
}

export const searchResources: Tool = {
  name: 'search_resources',
  title: 'Search resources',
  description:
    'Full-text search of the resources (not the guides): ranked by BM25 over titles, headings, descriptions, tags and bodies. Each hit names its best section (heading, URL, snippet); fetch that, or call get_resource. `answered: false` means no resource answers the query.',
  inputSchema: input({ query: queryArgument, limit: limitArgument(50, 10) }, ['query']),
  outputSchema: searchOutput,
  run: (args, context) => run(context, args, 'resource'),
};

export const search: Tool = {
  name: 'search',
  title: 'Search everything',
  description:
    'Full-text search of resources and guides together: ranked by BM25 over titles, headings, descriptions, tags and bodies. Each hit names its best section (heading, URL, snippet). `answered: false` means nothing here answers the query. Narrow with `type`; read a hit with get_resource or get_article on its slug.',
  inputSchema: input(
    {
      query: queryArgument,
      type: string('Only this kind of document.', { enum: ['resource', 'article'] }),
      limit: limitArgument(50, 10),
    },
    ['query'],
  ),
  outputSchema: searchOutput,
  run: (args, context) => run(context, args),
};
