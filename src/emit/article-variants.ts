import type { Article, Cluster } from '../content/model.js';
import { jsonForScript } from '../templates/page-renderer.js';
import { articleJson, articleMarkdown, articleRef, clusterArticles } from './article-json.js';
import type { EmitContext } from './context.js';
import { articleJsonLd } from './json-ld.js';
import { jsonFile, ndjsonFile, type OutputFile } from './output.js';

function articleHtml(article: Article, cluster: Cluster, json: Record<string, unknown>, context: EmitContext): string {
  const { urls, model } = context;
  const ordered = clusterArticles(cluster);
  return context.pages.render('article', {
    site: model.site,
    urls,
    page: {
      title: `${article.title} · ${model.site.name}`,
      description: article.description,
      canonical: urls.articleHtml(article.slug),
      markdown: urls.articleMarkdown(article.slug),
      json: urls.articleJson(article.slug),
      og_type: 'article',
      jsonld: jsonForScript(articleJsonLd(article, cluster.title, cluster.pillar.slug, context)),
    },
    article,
    cluster: { ...cluster, pillar_slug: cluster.pillar.slug, position: ordered.indexOf(article) + 1, total: ordered.length, articles: ordered.map((other) => articleRef(other, context)) },
    navigation: json.navigation,
    outline: article.rendered.outline,
    body_html: article.rendered.html,
  });
}

/** Every guide's HTML, Markdown and JSON variant, and /api/articles.jsonl. */
export function emitArticleVariants(context: EmitContext): OutputFile[] {
  const files: OutputFile[] = [];
  const records: Record<string, unknown>[] = [];
  for (const cluster of context.model.clusters) {
    for (const article of clusterArticles(cluster)) {
      const json = articleJson(article, cluster, context);
      records.push(json);
      files.push(
        { path: `public/articles/${article.slug}/index.html`, content: articleHtml(article, cluster, json, context) },
        { path: `public/articles/${article.slug}.md`, content: articleMarkdown(article, cluster, context) },
        jsonFile(context.registry, `public/api/articles/${article.slug}.json`, json, 'article'),
      );
    }
  }
  files.push(ndjsonFile(context.registry, 'public/api/articles.jsonl', records, 'article'));
  return files;
}
