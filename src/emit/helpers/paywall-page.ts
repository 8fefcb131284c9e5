import type { Resource } from '../../content/model.js';
import type { EmitContext } from '../context.js';
import { categoryLink, resourceItem } from './listing-items.js';
import { premiumPreviewJsonLd } from './json-ld.js';
import { breadcrumbTrail, pageData } from './page-data.js';
import { pagePaths } from './page-paths.js';
import { railNames, railsList, railsOffered } from '../../shared/x402-methods.js';
import { joinedFields } from '../../util/joined-fields.js';

/**
 * What a person who opens a premium page in a browser sees instead of JSON: the preview (title,
 * description, summary, H2 headings), the key's price and where to buy it, how to use a key, and,
 * in the variant for a configured gateway, the pay-per-fetch option. Rendered at build time; the
 * worker only picks one of the two.
 */
export function paywallPages(resource: Resource, context: EmitContext): [withoutGateway: string, withGateway: string] {
  const { urls } = context;
  const head = { canonical: urls.resourceHtml(resource.slug), robots: 'noindex' };
  const sections = resource.rendered.sections;
  return [
    renderPaywall(resource, context, { head, sections, x402: false }),
    renderPaywall(resource, context, { head, sections, x402: true }),
  ];
}

/**
 * The public preview of a premium resource at /resources/<slug>/preview: the paywall page's offer
 * as a static page that answers 200, so readers and agents that do not pay can learn what it is.
 * Its H2 headings stay out: nothing under public/ may carry premium text, and the worker gives them.
 */
export function premiumPreviewPage(resource: Resource, context: EmitContext): string {
  const head = {
    canonical: context.urls.premiumPreview(resource.slug),
    markdown: context.urls.premiumPreviewMarkdown(resource.slug),
    jsonld: premiumPreviewJsonLd(resource, paywallTrail(resource, context), context),
  };
  return renderPaywall(resource, context, { head, sections: [], x402: false });
}

function paywallTrail(resource: Resource, context: EmitContext) {
  const category = categoryLink(resource.category, context);
  return breadcrumbTrail(context, category, { name: resource.title, href: pagePaths.resource(resource.slug) });
}

function renderPaywall(
  resource: Resource,
  context: EmitContext,
  page: {
    head: { canonical: string; robots?: string; markdown?: string; jsonld?: unknown };
    sections: string[];
    x402: boolean;
  },
): string {
  const { urls, model } = context;
  const trail = paywallTrail(resource, context);
  const rails = railsOffered(model.site.x402);
  const head = {
    title: `${resource.title} (premium) · ${model.site.name}`,
    description: resource.description,
    og_type: 'article' as const,
    ...page.head,
  };
  return context.pages.render(
    'paywall',
    pageData(context, head, {
      resource: joinedFields(resource, resourceItem(resource, context)),
      breadcrumbs: trail,
      sections: page.sections,
      markdown_href: urls.resourceMarkdown(resource.slug),
      json_href: urls.resourceJson(resource.slug),
      x402: page.x402,
      x402_href: urls.x402(resource.slug),
      price_usd: model.site.pricing.price_usd,
      // What the gateway takes, named from the table every other document names it from.
      payment_rails: railsList(rails)
        .filter((rail) => rail !== 'siwx')
        .map((rail) => railNames[rail]),
      reaccess_days: rails.reaccessDays,
      sign_in_rail: railNames.siwx,
    }),
  );
}
