import type { Article, Resource } from '../content/model.js';
import { articleRef, clusterArticles } from './helpers/article-json.js';
import type { EmitContext } from './context.js';
import { bodyTokens } from '../content/lazy-body.js';
import { jsonFile, type OutputFile } from './output.js';
import { premiumFields, resourceCore } from './helpers/resource-json.js';
import { searchWeights } from '../shared/search-rank.js';
import type { ArticleIndex, ResourceIndex, SearchIndex } from '../schemas/types.js';
import type { SiteUrls } from './helpers/urls.js';
import { joinedFields } from '../util/joined-fields.js';

/** /api/resources.json (openapi.json `listResources`): every resource, premium ones with their price. */
export function resourceIndex(context: EmitContext): ResourceIndex {
  const { model, urls } = context;
  return {
    site: model.site.name,
    url: urls.home,
    description: model.site.description,
    count: model.resources.length,
    license: urls.license,
    resources: model.resources.map((resource) =>
      joinedFields(
        resourceCore(resource),
        {
          html: urls.resourceHtml(resource.slug),
          markdown: urls.resourceMarkdown(resource.slug),
          json: urls.resourceJson(resource.slug),
        },
        premiumFields(resource, context),
      ),
    ),
  };
}

/** /api/articles.json (openapi.json `listArticles`): clusters in reading order and every article's metadata, no bodies. */
export function articleIndex(context: EmitContext): ArticleIndex {
  const { model, urls } = context;
  const newest = (dates: string[]) => dates.reduce((a, b) => (b > a ? b : a), dates[0] ?? '');
  const articles = model.articles;
  return {
    site: model.site.name,
    url: urls.home,
    description: `Editorial guides of ${model.site.name}, grouped in topic clusters: one pillar plus sub-articles in reading order. Always free.`,
    count: articles.length,
    words: articles.reduce((sum, article) => sum + article.rendered.words, 0),
    estimated_tokens: articles.reduce((sum, article) => sum + bodyTokens(article), 0),
    ...(articles.length
      ? {
          newest_update: newest(articles.map((article) => article.updated)),
          newest_publish: newest(articles.map((article) => article.published)),
        }
      : {}),
    clusters_complete: model.clusters.filter((cluster) => cluster.status === 'complete').length,
    clusters: model.clusters.map((cluster) => ({
      id: cluster.id,
      title: cluster.title,
      status: cluster.status,
      ...(cluster.description ? { description: cluster.description } : {}),
      ...(cluster.target_query ? { target_query: cluster.target_query } : {}),
      ...(cluster.started ? { started: cluster.started } : {}),
      ...(cluster.target_subs !== undefined ? { target_subs: cluster.target_subs } : {}),
      published_subs: cluster.subs.length,
      pillar: articleRef(cluster.pillar, context),
      subs: cluster.subs.map((sub) => articleRef(sub, context)),
    })),
    articles: model.clusters.flatMap((cluster) =>
      clusterArticles(cluster).map((article) => ({
        slug: article.slug,
        title: article.title,
        description: article.description,
        kind: article.kind,
        order: article.order,
        cluster: cluster.id,
        ...(article.target_query ? { target_query: article.target_query } : {}),
        tags: article.tags,
        published: article.published,
        updated: article.updated,
        words: article.rendered.words,
        estimated_tokens: bodyTokens(article),
        url: urls.articleHtml(article.slug),
        markdown: urls.articleMarkdown(article.slug),
        json: urls.articleJson(article.slug),
      })),
    ),
  };
}

/** A resource as a row of /api/search-index.json (and as a full-text search hit). */
export function resourceRow(resource: Resource, urls: SiteUrls) {
  return {
    type: 'resource' as const,
    slug: resource.slug,
    title: resource.title,
    description: resource.description,
    tags: resource.tags,
    category: resource.category,
    url: urls.resourceHtml(resource.slug),
    markdown: urls.resourceMarkdown(resource.slug),
    json: urls.resourceJson(resource.slug),
    premium: resource.premium,
    updated: resource.updated,
  };
}

/** A guide as a row of /api/search-index.json (and as a full-text search hit). */
export function articleRow(article: Article, urls: SiteUrls) {
  return {
    type: 'article' as const,
    slug: article.slug,
    title: article.title,
    description: article.description,
    tags: article.tags,
    cluster: article.clusterId,
    url: urls.articleHtml(article.slug),
    markdown: urls.articleMarkdown(article.slug),
    json: urls.articleJson(article.slug),
    premium: false,
    updated: article.updated,
  };
}

/** /api/search-index.json (openapi.json `getSearchIndex`): one row per resource and per article. */
export function searchIndex(context: EmitContext): SearchIndex {
  const { model, urls } = context;
  const rows = [
    ...model.resources.map((resource) => resourceRow(resource, urls)),
    ...model.articles.map((article) => articleRow(article, urls)),
  ];
  return {
    site: model.site.name,
    url: urls.home,
    count: rows.length,
    license: urls.license,
    weights: searchWeights,
    rows,
  };
}

/** /api/resources.json and /api/search-index.json: titles, descriptions and URLs, so kept while no metadata changes. */
export function emitIndexes(context: EmitContext): OutputFile[] {
  return [
    jsonFile(context.registry, 'public/api/resources.json', resourceIndex(context), 'resource-index'),
    jsonFile(context.registry, 'public/api/search-index.json', searchIndex(context), 'search-index'),
  ];
}

/** /api/articles.json, whose word and token counts read the guides' bodies. */
export function emitArticleIndex(context: EmitContext): OutputFile[] {
  return [jsonFile(context.registry, 'public/api/articles.json', articleIndex(context), 'article-index')];
}
