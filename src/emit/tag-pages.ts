import type { Article, Resource } from '../content/model.js';
import { byString } from '../util/compare.js';
import type { EmitContext } from './context.js';
import { articleItem, resourceItem } from './helpers/listing-items.js';
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

/** Every tag a resource or a guide carries, alphabetically: each has a page, so every tag link resolves. */
export function siteTags(context: EmitContext): SiteTag[] {
  const tags = new Map<string, SiteTag>();
  const entry = (tag: string) => tags.get(tag) ?? tags.set(tag, { tag, resources: [], articles: [] }).get(tag)!;
  for (const resource of context.model.resources) for (const tag of resource.tags) entry(tag).resources.push(resource);
  for (const article of context.model.articles) for (const tag of article.tags) entry(tag).articles.push(article);
  return [...tags.values()].sort((a, b) => byString(a.tag, b.tag));
}

/** The page of one tag, at /tags/<tag>. */
export function tagPage({ tag, resources, articles }: SiteTag, context: EmitContext): OutputFile {
  const { model, urls } = context;
  const path = pagePaths.tag(tag);
  const resourceItems = resources.map((resource) => resourceItem(resource, context));
  const articleItems = articles.map((article) => articleItem(article, context));
  const trail = breadcrumbTrail(context, { name: `Tag: ${tag}`, href: path });
  const count = resourceItems.length + articleItems.length;
  const description = `${count} ${count === 1 ? 'page' : 'pages'} of ${model.site.name} tagged “${tag}”: resources and guides.`;
  const head = listingHead(context, {
    title: `Tagged “${tag}” · ${model.site.name}`,
    name: `Tagged “${tag}”`,
    description,
    path,
    json: urls.tags,
    items: [...resourceItems, ...articleItems],
    trail,
  });
  const content = context.pages.render(
    'tag',
    pageData(context, head, {
      tag: { name: tag, href: path, count },
      resources: resourceItems,
      articles: articleItems,
      breadcrumbs: trail,
    }),
  );
  return { path: pageFile(path), content };
}

/** /tags/<tag>: the resources and guides that carry one tag. */
export function* emitTagPages(context: EmitContext): Generator<OutputFile> {
  for (const entry of siteTags(context)) {
    const file = listingFile(context, pageFile(pagePaths.tag(entry.tag)), [...entry.resources, ...entry.articles], () =>
      tagPage(entry, context),
    );
    if (file) yield file;
  }
}
