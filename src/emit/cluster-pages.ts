import type { Cluster } from '../content/model.js';
import { clusterArticles } from './helpers/article-json.js';
import type { EmitContext } from './context.js';
import { articleItem } from './helpers/listing-items.js';
import type { OutputFile } from './output.js';
import { breadcrumbTrail, listingHead, pageData } from './helpers/page-data.js';
import { pageFile, pagePaths } from './helpers/page-paths.js';
import { listingMarkdown } from './helpers/listing-markdown.js';
import { publicPaths } from '../shared/public-paths.js';

/** What a cluster's page and its Markdown twin share: its guides as listed, and its description. */
function clusterListing(cluster: Cluster, context: EmitContext) {
  const articles = clusterArticles(cluster).map((article) => articleItem(article, context));
  const description = cluster.description ?? `${articles.length} guides on ${cluster.title}, in reading order.`;
  return { path: pagePaths.cluster(cluster.id), articles, description };
}

/** /guides/<cluster-id>: a topic cluster's guides in reading order, the pillar first. */
export function emitClusterPages(context: EmitContext): OutputFile[] {
  const { model, urls } = context;
  return model.clusters.map((cluster) => {
    const { path, articles, description } = clusterListing(cluster, context);
    const trail = breadcrumbTrail(context, { name: cluster.title, href: path });
    const head = listingHead(context, {
      title: `${cluster.title} · Guides · ${model.site.name}`,
      name: cluster.title,
      description,
      path,
      json: urls.articleIndex,
      items: articles,
      trail,
      markdown: urls.guideMarkdown(cluster.id),
    });
    const content = context.pages.render(
      'cluster',
      pageData(context, head, {
        cluster: {
          id: cluster.id,
          title: cluster.title,
          description,
          status: cluster.status,
          started: cluster.started,
          href: path,
        },
        articles,
        breadcrumbs: trail,
      }),
    );
    return { path: pageFile(path), content };
  });
}

/** /guides/<cluster-id>.md: the cluster's guides for agents, each by its Markdown URL. */
export function emitClusterMarkdown(context: EmitContext): OutputFile[] {
  const { model, urls } = context;
  return model.clusters.map((cluster) => {
    const { articles, description } = clusterListing(cluster, context);
    const markdown = listingMarkdown(
      context,
      {
        title: cluster.title,
        description,
        lead: `${articles.length} guides in reading order${cluster.started ? ` · started ${cluster.started}` : ''}`,
      },
      articles.map((item) => ({
        title: item.title,
        markdown: urls.articleMarkdown(item.slug),
        description: item.description,
        meta: `Part ${item.position} of ${item.total}${item.kind === 'pillar' ? ', the overview' : ''} · Updated ${item.updated}`,
      })),
    );
    return { path: `public${publicPaths.guideMarkdown(cluster.id)}`, content: markdown };
  });
}
