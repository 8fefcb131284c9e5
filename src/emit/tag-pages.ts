import type { Article, ContentModel, Resource } from '../content/model.js';
import { byString } from '../util/compare.js';
import type { EmitContext } from './context.js';
import { articleItem, resourceItem } from './helpers/listing-items.js';
import { type ListingPage, listingPages, paginationData } from './helpers/listing-pages.js';
import type { OutputFile } from './output.js';
import { breadcrumbTrail, listingHead, pageData } from './helpers/page-data.js';
import { pageFile, pagePaths } from './helpers/page-paths.js';
import { listingFile } from './helpers/shown-documents.js';

export interface SiteTag {
  tag: string;
  /** By slug. */
  resources: Resource[];
  /** In the site's reading order. */
  articles: Article[];
}

const tagsOfModel = new WeakMap<ContentModel, SiteTag[]>();

/**
 * Every tag a resource or a guide carries, alphabetically: each has a page, so every tag link
 * resolves. Collected once per model: the home page and the tag pages both ask.
 */
export function siteTags(context: EmitContext): SiteTag[] {
  const known = tagsOfModel.get(context.model);
  if (known) return known;
  const tags = new Map<string, SiteTag>();
  const entry = (tag: string) => tags.get(tag) ?? tags.set(tag, { tag, resources: [], articles: [] }).get(tag)!;
  for (const resource of context.model.resources) for (const tag of resource.tags) entry(tag).resources.push(resource);
  for (const article of context.model.articles) for (const tag of article.tags) entry(tag).articles.push(article);
  const sorted = [...tags.values()].sort((a, b) => byString(a.tag, b.tag));
  tagsOfModel.set(context.model, sorted);
  return sorted;
}

type TaggedDocument = Resource | Article;

/** The pages of one tag, its resources first, then its guides: page 1 at /tags/<tag>, then /tags/<tag>/page/<n>. */
export function tagPages({ tag, resources, articles }: SiteTag, context: EmitContext): ListingPage<TaggedDocument>[] {
  return listingPages<TaggedDocument>(context, pagePaths.tag(tag), [...resources, ...articles]);
}

const isArticle = (document: TaggedDocument): document is Article => 'clusterId' in document;

/** What a tag page shows of its listing besides its own documents (see listingFile). */
function placeOf(page: ListingPage<TaggedDocument>, { resources, articles }: SiteTag): string {
  return `${page.number}/${page.pages}/${resources.length}/${articles.length}`;
}

/** One page of a tag. */
export function tagPage(entry: SiteTag, page: ListingPage<TaggedDocument>, context: EmitContext): OutputFile {
  const { model, urls } = context;
  const { tag } = entry;
  const home = pagePaths.tag(tag);
  const resourceItems = page.items
    .filter((document): document is Resource => !isArticle(document))
    .map((resource) => resourceItem(resource, context));
  const articleItems = page.items.filter(isArticle).map((article) => articleItem(article, context));
  const ofPages = page.pages > 1 ? ` (page ${page.number} of ${page.pages})` : '';
  const trail = breadcrumbTrail(
    context,
    { name: `Tag: ${tag}`, href: home },
    ...(page.number > 1 ? [{ name: `Page ${page.number}`, href: page.path }] : []),
  );
  const count = entry.resources.length + entry.articles.length;
  const description = `${count} ${count === 1 ? 'page' : 'pages'} of ${model.site.name} tagged “${tag}”: resources and guides.`;
  const head = listingHead(context, {
    title: `Tagged “${tag}”${ofPages} · ${model.site.name}`,
    name: `Tagged “${tag}”${ofPages}`,
    description: page.number > 1 ? `Page ${page.number} of ${page.pages}. ${description}` : description,
    path: page.path,
    json: urls.tags,
    items: [...resourceItems, ...articleItems],
    trail,
    ...(page.prev ? { prev: page.prev } : {}),
    ...(page.next ? { next: page.next } : {}),
  });
  const content = context.pages.render(
    'tag',
    pageData(context, head, {
      tag: {
        name: tag,
        href: home,
        count,
        resource_count: entry.resources.length,
        article_count: entry.articles.length,
      },
      resources: resourceItems,
      articles: articleItems,
      pagination: paginationData(page, count, `Pages tagged “${tag}”`),
      breadcrumbs: trail,
    }),
  );
  return { path: pageFile(page.path), content };
}

/** /tags/<tag> and its further pages: the resources and guides that carry one tag. */
export function* emitTagPages(context: EmitContext): Generator<OutputFile> {
  for (const entry of siteTags(context)) {
    for (const page of tagPages(entry, context)) {
      const file = listingFile(
        context,
        pageFile(page.path),
        page.items,
        () => tagPage(entry, page, context),
        placeOf(page, entry),
      );
      if (file) yield file;
    }
  }
}
