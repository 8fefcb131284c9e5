import type { Article, Resource } from '../../content/model.js';
import { articleCore, clusterArticles } from './article-json.js';
import type { EmitContext } from '../context.js';
import { pagePaths } from './page-paths.js';
import { premiumFields, resourceCore } from './resource-json.js';
import { categoriesJson } from '../taxonomies.js';
import { noteShown, renderingOwnFiles } from './shown-documents.js';
import { joinedFields } from '../../util/joined-fields.js';

// What templates that list resources or guides receive: public fields and page addresses only.
// A premium body must never be one `{{ }}` away, so listings never get a `Resource` itself.

export interface Link {
  name: string;
  href: string;
}

export interface CategoryEntry {
  id: string;
  title: string;
  description?: string;
  count: number;
  /** Slugs, sorted. */
  resources: string[];
}

/** The memos below, kept per context: what an edit served from memory carries over (carryListings). */
const contextMemos: WeakMap<EmitContext, unknown>[] = [];

function contextMemo<Value>(): WeakMap<EmitContext, Value> {
  const memo = new WeakMap<EmitContext, Value>();
  contextMemos.push(memo);
  return memo;
}

const categoryCache = contextMemo<CategoryEntry[]>();

/** Categories as /api/categories.json lists them, so pages and API name them alike. */
export function categoryEntries(context: EmitContext): CategoryEntry[] {
  let entries = categoryCache.get(context);
  if (!entries) {
    entries = categoriesJson(context).categories as CategoryEntry[];
    categoryCache.set(context, entries);
  }
  return entries;
}

/**
 * Lets `to` start from what was listed in `from`: its categories, and the item of each document
 * (and so each card rendered from one). Only for a context whose resources differ from `from`'s in
 * bodies, titles and descriptions, as after an edit served from memory: the categories are the
 * same, and items are found by document, so an edited document, a new object, gets a new item.
 */
export function carryListings(from: EmitContext, to: EmitContext): void {
  for (const memo of contextMemos) {
    const held = memo.get(from);
    if (held !== undefined) memo.set(to, held);
  }
}

export function categoryLink(id: string, context: EmitContext): Link {
  return { name: categoryEntries(context).find((entry) => entry.id === id)?.title ?? id, href: pagePaths.category(id) };
}

export function tagLinks(tags: string[]): Link[] {
  return tags.map((tag) => ({ name: tag, href: pagePaths.tag(tag) }));
}

/** Where a reader learns how premium access works: the access-and-pricing resource, else the pricing catalog. */
export function accessHref(context: EmitContext): string {
  const terms = context.model.resources.find((resource) => resource.slug === 'access-and-pricing');
  return terms && !terms.premium ? pagePaths.resource(terms.slug) : context.urls.pricing;
}

/** Items remembered per context before the memo starts over: a 50,000-resource site must not hold them all. */
const maxRememberedItems = 10_000;

/**
 * One item per document and context, made on first use and never changed: the listings show the
 * same object, so a `{% render %}` of it is rendered once (render-memo.ts), and the outputs remembered
 * for it go when it does. A document's own files are made once each: their items are neither remembered nor frozen.
 * Callers that add a field spread it.
 */
function itemOnce<Document extends Resource | Article, Item>(
  make: (document: Document, context: EmitContext) => Item,
): (document: Document, context: EmitContext) => Item {
  const made = contextMemo<Map<Document, Item>>();
  return (document, context) => {
    noteShown(document);
    // Not frozen either: the render memo keeps outputs only for frozen objects (render-memo.ts).
    if (renderingOwnFiles()) return make(document, context);
    let items = made.get(context);
    if (!items) {
      items = new Map();
      made.set(context, items);
    }
    let item = items.get(document);
    if (item === undefined) {
      item = Object.freeze(make(document, context));
      if (items.size >= maxRememberedItems) items.clear();
      items.set(document, item);
    }
    return item;
  };
}

export const resourceItem = itemOnce((resource: Resource, context: EmitContext) => {
  const category = categoryLink(resource.category, context);
  return joinedFields(
    resourceCore(resource),
    premiumFields(resource, context),
    // The teaser is public by design (corpus exports and llms-full.txt carry it too).
    resource.premium ? { premium_summary: resource.premium_summary, access_href: accessHref(context) } : {},
    {
      href: pagePaths.resource(resource.slug),
      category_title: category.name,
      category_href: category.href,
      tag_links: tagLinks(resource.tags),
    },
  );
});

export const articleItem = itemOnce((article: Article, context: EmitContext) => {
  const cluster = context.model.clusters.find((candidate) => candidate.id === article.clusterId);
  const ordered = cluster ? clusterArticles(cluster) : [article];
  return joinedFields(articleCore(article), {
    published: article.published,
    updated: article.updated,
    /** Place in the cluster's reading order, from 1 (the pillar). */
    position: ordered.findIndex((other) => other.slug === article.slug) + 1,
    total: ordered.length,
    href: pagePaths.article(article.slug),
    cluster_title: cluster?.title ?? article.clusterId,
    cluster_href: pagePaths.cluster(article.clusterId),
  });
});
