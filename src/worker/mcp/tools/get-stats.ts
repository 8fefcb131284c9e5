import { input, integer, object, string } from '../json-schema.js';
import type { ArticleIndex, CorpusRecord, ResourceIndex } from '../site-types.js';
import { publicPaths } from '../../../shared/public-paths.js';
import type { Tool } from '../tool.js';

export const getStats: Tool = {
  name: 'get_stats',
  title: 'Directory statistics',
  description:
    'Counts and sizes of the directory: resources (free and premium), articles and clusters, words and estimated tokens of the free corpus and the guides, and the newest update dates. Useful to budget context before fetching.',
  inputSchema: input({}),
  outputSchema: object(
    {
      resources: integer('All resources.'),
      premium_resources: integer('Premium resources.'),
      free_resources: integer('Free resources.'),
      categories: integer('Categories in use.'),
      articles: integer('Guides.'),
      clusters: integer('Guide clusters.'),
      corpus_words: integer('Words in the free corpus bodies.'),
      corpus_estimated_tokens: integer('Estimated tokens of the free corpus bodies (characters / 4).'),
      article_words: integer('Words in all guides.'),
      article_estimated_tokens: integer('Estimated tokens of all guides.'),
      newest_resource_update: string('Newest resource `updated` date.'),
      newest_article_update: string('Newest article `updated` date.'),
    },
    [
      'resources',
      'premium_resources',
      'free_resources',
      'articles',
      'clusters',
      'corpus_words',
      'corpus_estimated_tokens',
    ],
  ),
  async run(_args, { site }) {
    const [resources, articles, corpus] = await Promise.all([
      site.json<ResourceIndex>(publicPaths.resourceIndex),
      site.json<ArticleIndex>(publicPaths.articleIndex),
      site.ndjson<CorpusRecord>(publicPaths.corpusJsonl),
    ]);
    const meta: Partial<CorpusRecord> = corpus[0] ?? {};
    const premium = resources.resources.filter((resource) => resource.premium).length;
    const newest = resources.resources.reduce(
      (date, resource) => (resource.updated > date ? resource.updated : date),
      '',
    );
    const structured = {
      resources: resources.resources.length,
      premium_resources: premium,
      free_resources: resources.resources.length - premium,
      categories: new Set(resources.resources.map((resource) => resource.category)).size,
      articles: articles.count,
      clusters: articles.clusters.length,
      corpus_words: Number(meta.words ?? 0),
      corpus_estimated_tokens: Number(meta.estimated_tokens ?? 0),
      article_words: articles.words ?? 0,
      article_estimated_tokens: articles.estimated_tokens ?? 0,
      ...(newest ? { newest_resource_update: newest } : {}),
      ...(articles.newest_update ? { newest_article_update: articles.newest_update } : {}),
    };
    return {
      structured,
      summary: `${structured.resources} resources (${premium} premium), ${structured.articles} guides in ${structured.clusters} clusters; free corpus about ${structured.corpus_estimated_tokens} tokens.`,
    };
  },
};
