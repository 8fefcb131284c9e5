import { array, input, integer, object, slugArgument, string } from '../json-schema.js';
import { document } from '../output-schemas.js';
import { articleRef } from '../schema-parts.js';
import type { ArticleIndex } from '../site-types.js';
import { publicPaths } from '../../../shared/public-paths.js';
import { ToolArgumentError, type Tool } from '../tool.js';

const clusterArgument = string('A cluster id (see get_cluster or list_articles without arguments).', {
  pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
  maxLength: 200,
});

export const listArticles: Tool = {
  name: 'list_articles',
  title: 'List guides',
  description:
    "List the editorial guides (always free), clusters in order and each cluster's pillar first, then its sub-articles in reading order. Pass `cluster` for one cluster.",
  inputSchema: input({ cluster: clusterArgument }),
  outputSchema: object(
    {
      count: integer('Articles listed.'),
      clusters: array(
        object({ id: string('Cluster id.'), title: string('Title.'), status: { enum: ['active', 'complete'] } }, [
          'id',
          'title',
          'status',
        ]),
      ),
      articles: array(document('An article: slug, title, kind, order, cluster, dates, URLs.')),
    },
    ['count', 'clusters', 'articles'],
  ),
  async run(args, { site }) {
    const index = await site.json<ArticleIndex>(publicPaths.articleIndex);
    const cluster = args.cluster as string | undefined;
    if (cluster !== undefined && !index.clusters.some((entry) => entry.id === cluster)) {
      throw new ToolArgumentError(
        `\`cluster\`: no cluster "${cluster}". Known: ${index.clusters.map((entry) => entry.id).join(', ')}.`,
      );
    }
    const articles = index.articles.filter((article) => cluster === undefined || article.cluster === cluster);
    const clusters = index.clusters
      .filter((entry) => cluster === undefined || entry.id === cluster)
      .map(({ id, title, status }) => ({ id, title, status }));
    return {
      structured: { count: articles.length, clusters, articles },
      summary: articles.map((article) => `${article.cluster}: ${article.title} (${article.markdown})`).join('\n'),
    };
  },
};

export const getArticle: Tool = {
  name: 'get_article',
  title: 'Get a guide',
  description:
    'Get one guide by slug: full Markdown body, takeaways, FAQ, citation, cluster position and previous/next navigation. Guides are always free.',
  inputSchema: input({ slug: slugArgument('article') }, ['slug']),
  outputSchema: document('The article as its JSON variant (schemas/article.schema.json).'),
  async run(args, { site }) {
    const article = await site.maybeJson<Record<string, unknown>>(publicPaths.articleJson(args.slug as string));
    if (!article)
      throw new ToolArgumentError(
        `\`slug\`: no article "${String(args.slug)}". Use list_articles or search to find slugs.`,
      );
    return { structured: article, summary: `# ${String(article.title)}\n\n${String(article.body)}` };
  },
};

export const getCluster: Tool = {
  name: 'get_cluster',
  title: 'Get a guide cluster',
  description:
    'Get one topic cluster: its pillar and sub-articles in reading order, status and target query. Without `id`, the first cluster; see list_articles for all ids.',
  inputSchema: input({ id: clusterArgument }),
  outputSchema: object(
    {
      id: string('Cluster id.'),
      title: string('Title.'),
      status: { enum: ['active', 'complete'] },
      description: string('Description.'),
      target_query: string('The query the cluster answers.'),
      pillar: articleRef,
      subs: array(articleRef),
      reading_order: array(string('Article slug.')),
    },
    ['id', 'title', 'status', 'pillar', 'subs', 'reading_order'],
  ),
  async run(args, { site }) {
    const index = await site.json<ArticleIndex>(publicPaths.articleIndex);
    const cluster = args.id === undefined ? index.clusters[0] : index.clusters.find((entry) => entry.id === args.id);
    if (!cluster)
      throw new ToolArgumentError(
        `\`id\`: no cluster "${String(args.id)}". Known: ${index.clusters.map((entry) => entry.id).join(', ') || 'none'}.`,
      );
    const readingOrder = [cluster.pillar, ...cluster.subs].map((article) => article.slug);
    return {
      structured: { ...cluster, reading_order: readingOrder },
      summary: `${cluster.title}: ${readingOrder.join(' -> ')}`,
    };
  },
};
