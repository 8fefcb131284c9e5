import type { Resource } from '../content/model.js';
import type { EmitContext } from './context.js';
import { categoryLink, resourceItem } from './listing-items.js';
import { breadcrumbTrail, pageData } from './page-data.js';
import { pagePaths } from './page-paths.js';

/**
 * What a person who opens a premium page in a browser sees instead of JSON: the preview (title,
 * description, summary, H2 headings), the key's price and where to buy it, how to use a key, and,
 * in the variant for a configured gateway, the pay-per-fetch option. Rendered at build time; the
 * worker only picks one of the two.
 */
export function paywallPages(resource: Resource, context: EmitContext): [withoutGateway: string, withGateway: string] {
  const { urls, model } = context;
  const category = categoryLink(resource.category, context);
  const trail = breadcrumbTrail(context, category, { name: resource.title, href: pagePaths.resource(resource.slug) });
  const head = {
    title: `${resource.title} (premium) · ${model.site.name}`,
    description: resource.description,
    canonical: urls.resourceHtml(resource.slug),
    og_type: 'article' as const,
    robots: 'noindex',
  };
  const render = (x402: boolean) =>
    context.pages.render(
      'paywall',
      pageData(context, head, {
        resource: { ...resource, ...resourceItem(resource, context) },
        breadcrumbs: trail,
        sections: resource.rendered.sections,
        markdown_href: urls.resourceMarkdown(resource.slug),
        json_href: urls.resourceJson(resource.slug),
        x402,
        x402_href: `${urls.base}/api/x402/${resource.slug}`,
        price_usd: model.site.pricing.price_usd,
      }),
    );
  return [render(false), render(true)];
}
