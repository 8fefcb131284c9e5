import { clusterArticles, resourcesBySlugOf } from './helpers/article-json.js';
import type { EmitContext } from './context.js';
import { homeJsonLd } from './helpers/json-ld.js';
import { articleItem, categoryEntries, resourceItem } from './helpers/listing-items.js';
import type { OutputFile } from './output.js';
import { copyPageScript, pageData } from './helpers/page-data.js';
import { lazyList } from './helpers/lazy-list.js';
import { pagePaths } from './helpers/page-paths.js';
import { siteTags } from './tag-pages.js';

/** Resources the home page lists under each category (a site of 4,000 would make it 300 KB otherwise). */
export const homeResourcesPerCategory = 12;

/** The home page: the way into every learning path, guide cluster, category and tag. */
export function homePage(context: EmitContext): string {
  const { model, urls } = context;
  const bySlug = resourcesBySlugOf(model);
  // Only public fields reach templates that list resources: a premium body must never be one `{{ }}` away.
  // Made as a template reads them: the built-in one reads only how many there are.
  const resources = lazyList(model.resources.length, (index) => resourceItem(model.resources[index]!, context));
  const head = {
    title: model.site.name,
    description: model.site.description,
    canonical: urls.home,
    markdown: urls.homeMarkdown,
    json: urls.resourceIndex,
    jsonld: homeJsonLd(context),
  };
  return context.pages.render(
    'home',
    pageData(context, head, {
      resources,
      learning_paths: model.paths.map((learningPath) => ({
        id: learningPath.id,
        title: learningPath.title,
        description: learningPath.description,
        level: learningPath.level,
        steps: learningPath.steps.length,
        href: pagePaths.learningPath(learningPath.id),
      })),
      clusters: model.clusters.map((cluster) => ({
        id: cluster.id,
        title: cluster.title,
        description: cluster.description,
        status: cluster.status,
        href: pagePaths.cluster(cluster.id),
        articles: clusterArticles(cluster).map((article) => articleItem(article, context)),
      })),
      categories: categoryEntries(context)
        .filter((category) => category.count > 0)
        .map((category) => ({
          id: category.id,
          title: category.title,
          description: category.description,
          count: category.count,
          href: pagePaths.category(category.id),
          // The first few: the category page lists them all, and the home page stays small at any size.
          resources: category.resources
            .slice(0, homeResourcesPerCategory)
            .map((slug) => resourceItem(bySlug.get(slug)!, context)),
          more: category.count > homeResourcesPerCategory,
        })),
      tags: siteTags(context).map((entry) => ({
        name: entry.tag,
        href: pagePaths.tag(entry.tag),
        count: entry.resources.length + entry.articles.length,
      })),
      getting_started: bySlug.has('getting-started') ? pagePaths.resource('getting-started') : undefined,
    }),
  );
}

/** The page static hosts and `agentdir serve` answer for unknown paths; it asks search engines not to index it. */
function notFoundPage(context: EmitContext): string {
  const { model } = context;
  return context.pages.render(
    'not-found',
    pageData(
      context,
      { title: `Page not found · ${model.site.name}`, description: model.site.description, robots: 'noindex' },
      {},
    ),
  );
}

/** The home page, the 404 page, and the script resource and guide pages load (written once, not per page). */
export function emitPages(context: EmitContext): OutputFile[] {
  const script = copyPageScript();
  return [
    { path: 'public/index.html', content: homePage(context) },
    { path: 'public/404.html', content: notFoundPage(context) },
    { path: script.path, content: script.content },
  ];
}
