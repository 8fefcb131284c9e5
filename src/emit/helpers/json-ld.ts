import type { Article, Cluster, Resource } from '../../content/model.js';
import type { EmitContext } from '../context.js';
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
    itemListElement: trail.map((link, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: link.name,
      item: pageUrl(context, link.href),
    })),
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

/** The TechArticle node both resource and guide pages describe themselves with; `extra` adds what differs. */
function techArticle(document: Resource | Article, url: string, context: EmitContext, extra: Record<string, unknown>) {
  return {
    '@type': 'TechArticle',
    headline: document.title,
    description: document.description,
    url,
    mainEntityOfPage: url,
    ...extra,
    inLanguage: context.model.site.language,
    keywords: document.tags.join(', '),
    wordCount: document.rendered.words,
    license: context.urls.license,
    author: organization(context),
    publisher: organization(context),
  };
}

export function resourceJsonLd(
  resource: Resource,
  categoryTitle: string,
  trail: Link[],
  context: EmitContext,
): unknown {
  const url = context.urls.resourceHtml(resource.slug);
  return graph(
    techArticle(resource, url, context, {
      dateModified: resource.updated,
      articleSection: categoryTitle,
      isAccessibleForFree: !resource.premium,
      isPartOf: website(context),
    }),
    breadcrumbList(trail, context),
  );
}

export function articleJsonLd(article: Article, cluster: Cluster, trail: Link[], context: EmitContext): unknown {
  const url = context.urls.articleHtml(article.slug);
  return graph(
    techArticle(article, url, context, {
      datePublished: article.published,
      dateModified: article.updated,
      isAccessibleForFree: true,
      isPartOf: [
        website(context),
        { '@type': 'CollectionPage', name: cluster.title, url: pageUrl(context, pagePaths.cluster(cluster.id)) },
      ],
    }),
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
        itemListElement: collection.items.map((item, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          name: item.name,
          url: pageUrl(context, item.href),
        })),
      },
    },
    breadcrumbList(collection.trail, context),
  );
}

export function searchPageJsonLd(description: string, trail: Link[], context: EmitContext): unknown {
  const url = pageUrl(context, pagePaths.search);
  return graph(
    {
      '@type': 'SearchResultsPage',
      '@id': url,
      url,
      name: `Search ${context.model.site.name}`,
      description,
      inLanguage: context.model.site.language,
      isPartOf: website(context),
    },
    breadcrumbList(trail, context),
  );
}

/** The public preview of a premium resource: a free page about a paywalled article. */
export function premiumPreviewJsonLd(resource: Resource, trail: Link[], context: EmitContext): unknown {
  const url = context.urls.premiumPreview(resource.slug);
  return graph(
    {
      '@type': 'WebPage',
      '@id': url,
      url,
      name: `${resource.title} (premium)`,
      description: resource.description,
      inLanguage: context.model.site.language,
      isPartOf: website(context),
      about: {
        '@type': 'TechArticle',
        headline: resource.title,
        url: context.urls.resourceHtml(resource.slug),
        isAccessibleForFree: false,
      },
    },
    breadcrumbList(trail, context),
  );
}
