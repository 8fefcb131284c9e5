import type { Article, Cluster, Resource } from '../content/model.js';
import type { EmitContext } from './context.js';
import type { Link } from './listing-items.js';
import { pagePaths, pageUrl } from './page-paths.js';

// schema.org descriptions of the pages, one `@graph` per page. Every name and URL here is also
// visible on the page it describes: the breadcrumb trails are the ones the page shows.

function organization(context: EmitContext) {
  const { publisher } = context.model.site;
  return { '@type': 'Organization', name: publisher.name, ...(publisher.url ? { url: publisher.url } : {}) };
}

function website(context: EmitContext) {
  return { '@id': `${context.urls.home}#website` };
}

function graph(...nodes: unknown[]) {
  return { '@context': 'https://schema.org', '@graph': nodes };
}

function breadcrumbList(trail: Link[], context: EmitContext) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((link, index) => ({ '@type': 'ListItem', position: index + 1, name: link.name, item: pageUrl(context, link.href) })),
  };
}

/** The home page: the site, its search page as a SearchAction, and its publisher. */
export function homeJsonLd(context: EmitContext): unknown {
  const { site } = context.model;
  return graph(
    {
      '@type': 'WebSite',
      ...website(context),
      name: site.name,
      url: context.urls.home,
      description: site.description,
      inLanguage: site.language,
      publisher: organization(context),
      license: context.urls.license,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${pageUrl(context, pagePaths.search)}?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
    { ...organization(context), '@id': `${context.urls.home}#organization` },
  );
}

export function resourceJsonLd(resource: Resource, categoryTitle: string, trail: Link[], context: EmitContext): unknown {
  const { site } = context.model;
  const url = context.urls.resourceHtml(resource.slug);
  return graph(
    {
      '@type': 'TechArticle',
      headline: resource.title,
      description: resource.description,
      url,
      mainEntityOfPage: url,
      dateModified: resource.updated,
      inLanguage: site.language,
      keywords: resource.tags.join(', '),
      articleSection: categoryTitle,
      wordCount: resource.rendered.words,
      isAccessibleForFree: !resource.premium,
      isPartOf: website(context),
      license: context.urls.license,
      author: organization(context),
      publisher: organization(context),
    },
    breadcrumbList(trail, context),
  );
}

export function articleJsonLd(article: Article, cluster: Cluster, trail: Link[], context: EmitContext): unknown {
  const { site } = context.model;
  const url = context.urls.articleHtml(article.slug);
  return graph(
    {
      '@type': 'TechArticle',
      headline: article.title,
      description: article.description,
      url,
      mainEntityOfPage: url,
      datePublished: article.published,
      dateModified: article.updated,
      inLanguage: site.language,
      keywords: article.tags.join(', '),
      wordCount: article.rendered.words,
      isAccessibleForFree: true,
      isPartOf: [website(context), { '@type': 'CollectionPage', name: cluster.title, url: pageUrl(context, pagePaths.cluster(cluster.id)) }],
      license: context.urls.license,
      author: organization(context),
      publisher: organization(context),
    },
    breadcrumbList(trail, context),
  );
}

export interface CollectionDescription {
  name: string;
  description: string;
  /** The listing page's own path; its URL is the node's id. */
  path: string;
  /** What the page lists, in the order it lists them. */
  items: Link[];
  trail: Link[];
}

/** A page that lists resources or guides: a CollectionPage whose main entity is the list. */
export function collectionJsonLd(collection: CollectionDescription, context: EmitContext): unknown {
  const url = pageUrl(context, collection.path);
  return graph(
    {
      '@type': 'CollectionPage',
      '@id': url,
      url,
      name: collection.name,
      description: collection.description,
      inLanguage: context.model.site.language,
      isPartOf: website(context),
      license: context.urls.license,
      mainEntity: {
        '@type': 'ItemList',
        numberOfItems: collection.items.length,
        itemListElement: collection.items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, url: pageUrl(context, item.href) })),
      },
    },
    breadcrumbList(collection.trail, context),
  );
}

export function searchPageJsonLd(description: string, trail: Link[], context: EmitContext): unknown {
  const url = pageUrl(context, pagePaths.search);
  return graph(
    { '@type': 'SearchResultsPage', '@id': url, url, name: `Search ${context.model.site.name}`, description, inLanguage: context.model.site.language, isPartOf: website(context) },
    breadcrumbList(trail, context),
  );
}
