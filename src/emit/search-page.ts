import { searchRoots } from '../shared/search/index-format.js';
import { jsonForScript } from '../templates/page-renderer.js';
import type { EmitContext } from './context.js';
import { browserScript, type HashedAsset } from './helpers/hashed-asset.js';
import { searchPageJsonLd } from './helpers/json-ld.js';
import { accessHref } from './helpers/listing-items.js';
import type { OutputFile } from './output.js';
import { premiumOffer } from './helpers/resource-json.js';
import { breadcrumbTrail, pageData, sitePath } from './helpers/page-data.js';
import { pageFile, pagePaths, pageUrl } from './helpers/page-paths.js';

/** The search page's script, which searches the full-text index in the reader's browser. */
export function searchScript(): HashedAsset {
  return browserScript('search');
}

/** /search: a form that works without JavaScript (it explains what to do instead), and searches every word of the site with it. */
export function emitSearchPage(context: EmitContext): OutputFile[] {
  const { model, urls } = context;
  const script = searchScript();
  const trail = breadcrumbTrail(context, { name: 'Search', href: pagePaths.search });
  const description = `Search every word of the resources and guides of ${model.site.name}.`;
  const head = {
    title: `Search · ${model.site.name}`,
    description,
    canonical: pageUrl(context, pagePaths.search),
    markdown: urls.llmsTxt,
    json: urls.searchIndex,
    jsonld: searchPageJsonLd(description, trail, context),
  };
  const content = context.pages.render(
    'search',
    pageData(context, head, {
      search: {
        script: script.href,
        index: sitePath(context, urls.searchIndex),
        // The full-text index of the site as people see it.
        root: searchRoots.people,
        access_href: accessHref(context),
        // Search results list premium resources like every other listing: with their price and where to buy.
        premium_offers: jsonForScript(
          Object.fromEntries(
            model.resources
              .filter((resource) => resource.premium)
              .map((resource) => [resource.slug, premiumOffer(resource, context)]),
          ),
        ),
      },
      breadcrumbs: trail,
    }),
  );
  return [
    { path: script.path, content: script.content },
    { path: pageFile(pagePaths.search), content },
  ];
}
