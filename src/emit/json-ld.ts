import type { Article, Resource } from '../content/model.js';
import type { EmitContext } from './context.js';

function organization(context: EmitContext) {
  const { publisher } = context.model.site;
  return { '@type': 'Organization', name: publisher.name, ...(publisher.url ? { url: publisher.url } : {}) };
}

export function homeJsonLd(context: EmitContext): unknown {
  const { site } = context.model;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'WebSite', '@id': `${context.urls.home}#website`, name: site.name, url: context.urls.home, description: site.description, inLanguage: site.language, publisher: organization(context), license: context.urls.license },
      { ...organization(context), '@id': `${context.urls.home}#organization` },
    ],
  };
}

function breadcrumb(items: { name: string; url: string }[]) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: item.url })),
  };
}

export function resourceJsonLd(resource: Resource, context: EmitContext): unknown {
  const { site } = context.model;
  const url = context.urls.resourceHtml(resource.slug);
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'TechArticle',
        headline: resource.title,
        description: resource.description,
        url,
        dateModified: resource.updated,
        inLanguage: site.language,
        keywords: resource.tags.join(', '),
        articleSection: resource.category,
        isAccessibleForFree: !resource.premium,
        license: context.urls.license,
        publisher: organization(context),
      },
      breadcrumb([
        { name: site.name, url: context.urls.home },
        { name: resource.title, url },
      ]),
    ],
  };
}

export function articleJsonLd(article: Article, clusterTitle: string, pillarSlug: string, context: EmitContext): unknown {
  const { site } = context.model;
  const url = context.urls.articleHtml(article.slug);
  const trail = [{ name: site.name, url: context.urls.home }];
  if (article.kind === 'sub') trail.push({ name: clusterTitle, url: context.urls.articleHtml(pillarSlug) });
  trail.push({ name: article.title, url });
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'TechArticle',
        headline: article.title,
        description: article.description,
        url,
        datePublished: article.published,
        dateModified: article.updated,
        inLanguage: site.language,
        keywords: article.tags.join(', '),
        isAccessibleForFree: true,
        license: context.urls.license,
        author: organization(context),
        publisher: organization(context),
      },
      breadcrumb(trail),
    ],
  };
}
