import type { Resource } from '../content/model.js';
import { resourcesBySlugOf } from './helpers/article-json.js';
import type { EmitContext } from './context.js';
import { type CategoryEntry, categoryEntries, resourceItem } from './helpers/listing-items.js';
import { type ListingPage, listingPages, paginationData } from './helpers/listing-pages.js';
import type { OutputFile } from './output.js';
import { breadcrumbTrail, listingHead, pageData } from './helpers/page-data.js';
import { pageFile, pagePaths } from './helpers/page-paths.js';
import { listingFile } from './helpers/shown-documents.js';

/** The pages of one category's resources: page 1 at /categories/<id>, then /categories/<id>/page/<n>. */
export function categoryPages(category: CategoryEntry, context: EmitContext): ListingPage<Resource>[] {
  const bySlug = resourcesBySlugOf(context.model);
  const resources = category.resources.map((slug) => bySlug.get(slug)!);
  return listingPages(context, pagePaths.category(category.id), resources);
}

/** What a category page shows of its listing besides its own resources (see listingFile). */
function placeOf(page: ListingPage<Resource>, category: CategoryEntry): string {
  return `${page.number}/${page.pages}/${category.count}`;
}

/** One page of a category with resources. */
export function categoryPage(category: CategoryEntry, page: ListingPage<Resource>, context: EmitContext): OutputFile {
  const { model, urls } = context;
  const home = pagePaths.category(category.id);
  const resources = page.items.map((resource) => resourceItem(resource, context));
  const ofPages = page.pages > 1 ? ` (page ${page.number} of ${page.pages})` : '';
  const trail = breadcrumbTrail(
    context,
    { name: category.title, href: home },
    ...(page.number > 1 ? [{ name: `Page ${page.number}`, href: page.path }] : []),
  );
  const description = category.description ?? `${category.count} resources in the category ${category.title}.`;
  const head = listingHead(context, {
    title: `${category.title}${ofPages} · ${model.site.name}`,
    name: `${category.title}${ofPages}`,
    // Each page its own description: search engines read the same one on two pages as a duplicate.
    description: page.number > 1 ? `Page ${page.number} of ${page.pages}. ${description}` : description,
    path: page.path,
    json: urls.categories,
    items: resources,
    trail,
    ...(page.prev ? { prev: page.prev } : {}),
    ...(page.next ? { next: page.next } : {}),
  });
  const content = context.pages.render(
    'category',
    pageData(context, head, {
      category: { id: category.id, title: category.title, description, count: category.count, href: home },
      resources,
      pagination: paginationData(page, category.count, `Pages of ${category.title}`),
      breadcrumbs: trail,
    }),
  );
  return { path: pageFile(page.path), content };
}

/** /categories/<id> and its further pages: the resources of one category. Declared categories without resources get no page. */
export function* emitCategoryPages(context: EmitContext): Generator<OutputFile> {
  for (const category of categoryEntries(context)) {
    if (!category.count) continue;
    for (const page of categoryPages(category, context)) {
      const file = listingFile(
        context,
        pageFile(page.path),
        page.items,
        () => categoryPage(category, page, context),
        placeOf(page, category),
      );
      if (file) yield file;
    }
  }
}
