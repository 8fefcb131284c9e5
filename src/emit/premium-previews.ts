import type { Resource } from '../content/model.js';
import { oneLine } from '../util/text.js';
import { publicPaths } from '../shared/public-paths.js';
import type { EmitContext } from './context.js';
import type { OutputFile } from './output.js';
import { premiumPreviewPage } from './helpers/paywall-page.js';
import { agentIndexLine, premiumOffer } from './helpers/resource-json.js';

/** The Markdown twin of a premium resource's preview page: public facts only, and how to get the body. */
export function premiumPreviewMarkdown(resource: Resource, context: EmitContext): string {
  const { urls } = context;
  const offer = premiumOffer(resource, context);
  const parts = [
    `# ${oneLine(resource.title)} (premium)`,
    `> ${oneLine(resource.description)}`,
    agentIndexLine(context),
    ...(resource.premium_summary ? [oneLine(resource.premium_summary)] : []),
    `This is a premium resource: its body needs an access key. One key opens every premium resource for one agent, for ${offer.price} ${offer.currency}; buy it at ${offer.checkout_url}. Send the key as \`Authorization: Bearer <API_KEY>\` (or \`x-api-key: <API_KEY>\`) when you fetch \`${urls.resourceMarkdown(resource.slug)}\`; without one, that URL answers HTTP 402 with these terms as JSON.`,
    `Terms: ${urls.terms}`,
  ];
  return `${parts.join('\n\n')}\n`;
}

/** /resources/<premium>/preview and its .md: what a premium resource is, for everyone who has no key. */
export function emitPremiumPreviews(context: EmitContext): OutputFile[] {
  return context.model.resources
    .filter((resource) => resource.premium)
    .flatMap((resource) => [
      {
        path: `public${publicPaths.premiumPreview(resource.slug)}/index.html`,
        content: premiumPreviewPage(resource, context),
      },
      {
        path: `public${publicPaths.premiumPreviewMarkdown(resource.slug)}`,
        content: premiumPreviewMarkdown(resource, context),
      },
    ]);
}
