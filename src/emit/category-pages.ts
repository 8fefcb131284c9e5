import { resourcesBySlugOf } from './helpers/article-json.js';
import type { EmitContext } from './context.js';
import { categoryEntries, resourceItem } from './helpers/listing-items.js';
import type { OutputFile } from './output.js';
import { breadcrumbTrail, listingHead, pageData } from './helpers/page-data.js';
import { pageFile, pagePaths } from './helpers/page-paths.js';
import { listingFile } from './helpers/shown-documents.js';

/** The page of one category with resources, at /categories/<id>. */
export function categoryPage(category: ReturnType<typeof categoryEntries>[number], context: EmitContext): OutputFile {
  const { model, urls } = context;
  const bySlug = resourcesBySlugOf(model);
  const path = pagePaths.category(category.id);
  const resources = category.resources.map((slug) => resourceItem(bySlug.get(slug)!, context));
  const trail = breadcrumbTrail(context, { name: category.title, href: path });
  const description = category.description ?? `${resources.length} resources in the category ${category.title}.`;
  const head = listingHead(context, {
    title: `${category.title} · ${model.site.name}`,
    name: category.title,
    description,
    path,
    json: urls.categories,
    items: resources,
    trail,
  });
  const content = context.pages.render(
    'category',
    pageData(context, head, {
      category: { id: category.id, title: category.title, description, count: category.count, href: path },
      resources,
      breadcrumbs: trail,
    }),
  );
  return { path: pageFile(path), content };
}

/** /categories/<id>: the resources of one category. Declared categories without resources get no page. */
export function* emitCategoryPages(context: EmitContext): Generator<OutputFile> {
  const bySlug = resourcesBySlugOf(context.model);
  for (const category of categoryEntries(context)) {
    if (!category.count) continue;
    const documents = category.resources.map((slug) => bySlug.get(slug)!);
    const file = listingFile(context, pageFile(pagePaths.category(category.id)), documents, () =>
      categoryPage(category, context),
    );
    if (file) yield file;
  }
}
