import { jsonForScript } from '../templates/page-renderer.js';
import { articleRef, clusterArticles } from './article-json.js';
import type { EmitContext } from './context.js';
import { homeJsonLd } from './json-ld.js';
import type { OutputFile } from './output.js';
import { premiumFields, resourceCore } from './resource-json.js';

/** The home page and the 404 page. */
export function emitPages(context: EmitContext): OutputFile[] {
  const { model, urls } = context;
  const home = context.pages.render('home', {
    site: model.site,
    urls,
    page: {
      title: model.site.name,
      description: model.site.description,
      canonical: urls.home,
      markdown: urls.llmsTxt,
      json: urls.resourceIndex,
      jsonld: jsonForScript(homeJsonLd(context)),
    },
    // Only public fields reach templates that list resources: a premium body must never be one `{{ }}` away.
    resources: model.resources.map((resource) => ({ ...resourceCore(resource), ...premiumFields(resource, context) })),
    clusters: model.clusters.map((cluster) => ({ ...cluster, articles: clusterArticles(cluster).map((article) => articleRef(article, context)) })),
  });
  const notFound = context.pages.render('not-found', {
    site: model.site,
    urls,
    page: { title: `Not found · ${model.site.name}`, description: model.site.description, canonical: urls.home },
  });
  return [
    { path: 'public/index.html', content: home },
    { path: 'public/404.html', content: notFound },
  ];
}
