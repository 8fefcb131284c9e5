import { agentMarkdownBody } from './agent-links.js';
import { agentIndexLine } from './resource-json.js';
import { linkText } from './markdown-text.js';
import { oneLine } from '../../util/text.js';
import type { Article, Cluster, ContentModel, Resource } from '../../content/model.js';
import type { EmitContext } from '../context.js';
import { bodyTokens } from '../../content/lazy-body.js';
import type { Article as ArticleJson } from '../../schemas/types.js';
import { joinedFields } from '../../util/joined-fields.js';

/** The fields every listing of a guide starts with, like resourceCore for resources. */
export function articleCore(article: Article) {
  return {
    slug: article.slug,
    title: article.title,
    description: article.description,
    kind: article.kind,
    order: article.order,
  };
}

export function articleRef(article: Article, context: EmitContext) {
  const { urls } = context;
  return joinedFields(articleCore(article), {
    url: urls.articleHtml(article.slug),
    markdown: urls.articleMarkdown(article.slug),
    json: urls.articleJson(article.slug),
  });
}

/** Reading order of a cluster: the pillar, then its subs. */
export function clusterArticles(cluster: Cluster): Article[] {
  return [cluster.pillar, ...cluster.subs];
}

export function citation(article: Article, context: EmitContext): string {
  const { site } = context.model;
  return `${oneLine(site.publisher.name)}. "${oneLine(article.title)}." ${oneLine(site.name)}, published ${article.published}, updated ${article.updated}. ${context.urls.articleHtml(article.slug)}`;
}

export function bibtex(article: Article, context: EmitContext): string {
  const { site } = context.model;
  const escapeBibtex = (text: string) => oneLine(text).replace(/[{}\\]/g, (char) => `\\${char}`);
  const key = `${site.name.toLowerCase().replace(/[^a-z0-9]+/g, '')}-${article.slug}`;
  return [
    `@online{${key},`,
    `  title = {${escapeBibtex(article.title)}},`,
    `  author = {{${escapeBibtex(site.publisher.name)}}},`,
    `  organization = {${escapeBibtex(site.name)}},`,
    `  year = {${article.published.slice(0, 4)}},`,
    `  date = {${article.published}},`,
    `  urldate = {${article.updated}},`,
    `  url = {${context.urls.articleHtml(article.slug)}}`,
    '}',
  ].join('\n');
}

const lookups = new WeakMap<ContentModel, Map<string, Resource>>();

/** Resources by slug, built once per model (every article looks its related resources up). */
export function resourcesBySlugOf(model: ContentModel): Map<string, Resource> {
  let lookup = lookups.get(model);
  if (!lookup) {
    lookup = new Map(model.resources.map((resource) => [resource.slug, resource]));
    lookups.set(model, lookup);
  }
  return lookup;
}

/** The single-article JSON variant (openapi.json `getArticleJson`); also each line of /api/articles.jsonl. */
export function articleJson(article: Article, cluster: Cluster, context: EmitContext): ArticleJson {
  const { urls, model } = context;
  const ordered = clusterArticles(cluster);
  const index = ordered.findIndex((other) => other.slug === article.slug);
  const resourcesBySlug = resourcesBySlugOf(model);
  return {
    slug: article.slug,
    title: article.title,
    kind: article.kind,
    body: article.body,
    cluster: {
      id: cluster.id,
      title: cluster.title,
      status: cluster.status,
      position: index + 1,
      total: ordered.length,
    },
    description: article.description,
    ...(article.target_query ? { target_query: article.target_query } : {}),
    order: article.order,
    words: article.rendered.words,
    estimated_tokens: bodyTokens(article),
    secondary_queries: article.secondary_queries,
    tags: article.tags,
    takeaways: article.takeaways,
    published: article.published,
    updated: article.updated,
    premium: false,
    rights: {
      access: 'free',
      note: `Guides are free to read, quote and cite with attribution to ${model.site.publisher.name}. They are not part of the licensed resource corpus; training use follows license.xml.`,
      license: urls.license,
      pricing: urls.pricing,
      payment: urls.payment,
    },
    license: urls.license,
    canonical: urls.articleHtml(article.slug),
    markdown: urls.articleMarkdown(article.slug),
    citation: citation(article, context),
    bibtex: bibtex(article, context),
    outline: article.rendered.outline,
    faq: article.faq,
    navigation: {
      previous: index > 0 ? articleRef(ordered[index - 1]!, context) : null,
      next: index < ordered.length - 1 ? articleRef(ordered[index + 1]!, context) : null,
      pillar: articleRef(cluster.pillar, context),
    },
    resources: article.resources.map((slug) => {
      const resource = resourcesBySlug.get(slug)!;
      return {
        slug,
        title: resource.title,
        description: resource.description,
        premium: resource.premium,
        url: urls.resourceHtml(slug),
        markdown: urls.resourceMarkdown(slug),
        json: urls.resourceJson(slug),
      };
    }),
  };
}

/** The article Markdown variant: provenance header, takeaways, body, FAQ, links to the rest of the cluster. */
export function articleMarkdown(article: Article, cluster: Cluster, context: EmitContext): string {
  const { urls } = context;
  const ordered = clusterArticles(cluster);
  const position = ordered.findIndex((other) => other.slug === article.slug) + 1;
  const parts = [
    `# ${oneLine(article.title)}`,
    `> ${oneLine(article.description)}`,
    agentIndexLine(context),
    [
      `- Canonical: ${urls.articleHtml(article.slug)}`,
      `- Published: ${article.published}; updated: ${article.updated}`,
      `- Cluster: ${oneLine(cluster.title)} (${cluster.status}), part ${position} of ${ordered.length}${article.kind === 'pillar' ? ', pillar' : ''}`,
      `- License: ${urls.license}`,
    ].join('\n'),
  ];
  if (article.takeaways.length)
    parts.push(`## Key takeaways\n\n${article.takeaways.map((point) => `- ${oneLine(point)}`).join('\n')}`);
  parts.push(agentMarkdownBody(article, context));
  if (article.faq.length)
    parts.push(
      `## FAQ\n\n${article.faq.map((entry) => `### ${oneLine(entry.question)}\n\n${oneLine(entry.answer)}`).join('\n\n')}`,
    );
  parts.push(
    `## In this cluster\n\n${ordered
      .map(
        (other, index) =>
          `${index + 1}. ${other.slug === article.slug ? `${oneLine(other.title)} (this article)` : `[${linkText(other.title)}](${urls.articleMarkdown(other.slug)})`}`,
      )
      .join('\n')}`,
  );
  return `${parts.join('\n\n')}\n`;
}
