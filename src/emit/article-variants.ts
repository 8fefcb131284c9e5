import { agentView, forAgents } from '../content/agent-view.js';
import type { Article, Cluster } from '../content/model.js';
import { articleJson, articleMarkdown, clusterArticles, resourcesBySlugOf } from './helpers/article-json.js';
import type { EmitContext } from './context.js';
import { articleJsonLd } from './helpers/json-ld.js';
import { articleItem, resourceItem, tagLinks } from './helpers/listing-items.js';
import { jsonFile, type KeyedRecord, keyedNdjsonFile, type OutputFile } from './output.js';
import { breadcrumbTrail, pageData, shareControls } from './helpers/page-data.js';
import { pagePaths } from './helpers/page-paths.js';
import { readableHtml, readingMinutes } from './helpers/readable-html.js';
import { bodyHtml } from '../markdown/stored-markdown.js';
import { tableOfContents } from './helpers/table-of-contents.js';
import { filesRenderer } from './helpers/shown-documents.js';
import { joinedFields } from '../util/joined-fields.js';

function articleHtml(article: Article, cluster: Cluster, context: EmitContext): string {
  const { urls, model } = context;
  const ordered = clusterArticles(cluster);
  const index = ordered.findIndex((other) => other.slug === article.slug);
  const clusterPath = pagePaths.cluster(cluster.id);
  const trail = breadcrumbTrail(
    context,
    { name: cluster.title, href: clusterPath },
    { name: article.title, href: pagePaths.article(article.slug) },
  );
  const resourcesBySlug = resourcesBySlugOf(model);
  const head = {
    title: `${article.title} · ${model.site.name}`,
    description: article.description,
    canonical: urls.articleHtml(article.slug),
    // A page for people only has no variants for agents to point at.
    ...(forAgents(article)
      ? { markdown: urls.articleMarkdown(article.slug), json: urls.articleJson(article.slug) }
      : {}),
    og_type: 'article' as const,
    published: article.published,
    modified: article.updated,
    jsonld: articleJsonLd(article, cluster, trail, context),
  };
  return context.pages.render(
    'article',
    pageData(context, head, {
      article: joinedFields(article, {
        tag_links: tagLinks(article.tags),
        minutes: readingMinutes(article.rendered.words),
      }),
      cluster: {
        id: cluster.id,
        title: cluster.title,
        status: cluster.status,
        description: cluster.description,
        href: clusterPath,
        pillar_slug: cluster.pillar.slug,
        position: index + 1,
        total: ordered.length,
        articles: ordered.map((other) =>
          joinedFields(articleItem(other, context), { current: other.slug === article.slug }),
        ),
      },
      navigation: {
        previous: index > 0 ? articleItem(ordered[index - 1]!, context) : null,
        next: index < ordered.length - 1 ? articleItem(ordered[index + 1]!, context) : null,
      },
      breadcrumbs: trail,
      share: head.markdown ? shareControls(context, head.markdown) : null,
      // Public fields only: a guide may cite a premium resource, never show its body.
      related_resources: article.resources.map((slug) => resourceItem(resourcesBySlug.get(slug)!, context)),
      // The page's own outline: people-only headings are on it.
      outline: article.rendered.pageOutline ?? article.rendered.outline,
      toc: [
        ...(article.takeaways.length ? [{ text: 'Key takeaways', anchor: 'agentdir-takeaways', children: [] }] : []),
        ...tableOfContents(article.rendered.pageOutline ?? article.rendered.outline),
        ...(article.faq.length ? [{ text: 'FAQ', anchor: 'agentdir-faq', children: [] }] : []),
      ],
      body_html: readableHtml(bodyHtml(article.rendered)),
    }),
  );
}

/** Where a guide's own files go: its page, and its Markdown and JSON variants unless it is for people only. */
export function articlePaths(article: Article): string[] {
  const { slug } = article;
  const page = `public/articles/${slug}/index.html`;
  return forAgents(article) ? [page, `public/articles/${slug}.md`, `public/api/articles/${slug}.json`] : [page];
}

/** The cluster as the files for agents list it (without guides for people only). */
function agentCluster(cluster: Cluster, context: EmitContext): Cluster {
  return agentView(context.model).clusters.find((candidate) => candidate.id === cluster.id) ?? cluster;
}

/** The files of one guide, each rendered as it is asked for; `key` marks them for reuse by the next build. */
export function* articleFiles(
  article: Article,
  cluster: Cluster,
  context: EmitContext,
  key?: string,
): Generator<OutputFile> {
  const [html, markdown, json] = articlePaths(article) as [string, string?, string?];
  const keyed = key ? { key } : {};
  const within = filesRenderer(article, context.model);
  yield { path: html, content: within(() => articleHtml(article, cluster, context)), ...keyed };
  if (!markdown || !json) return;
  // Its place in the cluster as agents see it: previous and next are guides they can read.
  const listed = agentCluster(cluster, context);
  yield { path: markdown, content: within(() => articleMarkdown(article, listed, context)), ...keyed };
  yield joinedFields(
    within(() => jsonFile(context.registry, json, articleJson(article, listed, context), 'article')),
    keyed,
  );
}

/** Every guide's HTML, Markdown and JSON variant, and /api/articles.jsonl. */
export function* emitArticleVariants(context: EmitContext): Generator<OutputFile> {
  const keys = new Map<Article, string>();
  for (const cluster of context.model.clusters) {
    for (const article of clusterArticles(cluster)) {
      const key = context.outputs?.keyOf(article);
      if (key) keys.set(article, key);
      if (key && context.outputs!.skip('article', article, key, articlePaths(article))) continue;
      yield* articleFiles(article, cluster, context, key);
    }
  }
  // The JSON of each article again, one per line, made as the line is written. A line's key is its
  // article's: the article's own JSON variant is made from exactly what the line is, so a line whose
  // key the previous build wrote is copied from there (see KeyedPart).
  const records = (function* (): Generator<KeyedRecord> {
    for (const cluster of agentView(context.model).clusters)
      for (const article of clusterArticles(cluster)) {
        const key = keys.get(article);
        yield joinedFields(key ? { key } : {}, { record: () => articleJson(article, cluster, context) });
      }
  })();
  yield keyedNdjsonFile(context.registry, 'public/api/articles.jsonl', records, 'article');
}
