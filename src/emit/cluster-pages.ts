import { clusterArticles } from './article-json.js';
import type { EmitContext } from './context.js';
import { articleItem } from './listing-items.js';
import type { OutputFile } from './output.js';
import { breadcrumbTrail, listingHead, pageData } from './page-data.js';
import { pageFile, pagePaths } from './page-paths.js';

/** /guides/<cluster-id>: a topic cluster's guides in reading order, the pillar first. */
export function emitClusterPages(context: EmitContext): OutputFile[] {
  const { model, urls } = context;
  return model.clusters.map((cluster) => {
    const path = pagePaths.cluster(cluster.id);
    const articles = clusterArticles(cluster).map((article) => articleItem(article, context));
    const trail = breadcrumbTrail(context, { name: cluster.title, href: path });
    const description = cluster.description ?? `${articles.length} guides on ${cluster.title}, in reading order.`;
    const head = listingHead(context, {
      title: `${cluster.title} · Guides · ${model.site.name}`,
      name: cluster.title,
      description,
      path,
      json: urls.articleIndex,
      items: articles,
      trail,
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
