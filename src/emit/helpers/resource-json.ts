import { feedbackNote } from './feedback-note.js';
import { agentMarkdownBody } from './agent-links.js';
import { oneLine } from '../../util/text.js';
import type { Resource } from '../../content/model.js';
import type { EmitContext } from '../context.js';
import { bodyTokens } from '../../content/lazy-body.js';
import type { Resource as ResourceJson } from '../../schemas/types.js';
import { joinedFields } from '../../util/joined-fields.js';

/** Price fields of a premium resource: its own overrides, else the starter key of site.yaml. */
export function premiumOffer(
  resource: Resource,
  context: EmitContext,
): { price: number; currency: string; checkout_url: string } {
  const { pricing } = context.model.site;
  const starter = pricing.tiers.find((tier) => tier.id === 'starter') ?? pricing.tiers[0]!;
  return {
    price: resource.price ?? starter.price,
    currency: resource.currency ?? starter.currency,
    checkout_url: resource.checkout_url ?? starter.checkout_url ?? pricing.payment_url,
  };
}

/** The fields every listing of a resource starts with, in the order of schemas/resource-index.schema.json. */
export function resourceCore(resource: Resource) {
  return {
    slug: resource.slug,
    title: resource.title,
    description: resource.description,
    category: resource.category,
    tags: resource.tags,
    updated: resource.updated,
  };
}

/** `premium`, plus price, currency and checkout URL when it is true. */
export function premiumFields(resource: Resource, context: EmitContext) {
  return { premium: resource.premium, ...(resource.premium ? premiumOffer(resource, context) : {}) };
}

/** The single-resource JSON variant (openapi.json `getResourceJson`). For a premium slug it is only ever served by the worker. */
export function resourceJson(resource: Resource, context: EmitContext): ResourceJson {
  const { urls } = context;
  return joinedFields(resourceCore(resource), premiumFields(resource, context), {
    canonical: urls.resourceHtml(resource.slug),
    markdown: urls.resourceMarkdown(resource.slug),
    outline: resource.rendered.outline,
    body: resource.body,
    sources: resourceSources(resource),
    words: resource.rendered.words,
    estimated_tokens: bodyTokens(resource),
    license: urls.license,
  });
}

export function resourceSources(resource: Resource): string[] {
  return [...new Set((resource.rendered.sources ?? []).map((source) => source.url))];
}

/** The Markdown variant: H1 title, blockquote description, body; no navigation. */
/**
 * The resource Markdown variant: title, description, where agents find every page, then the body
 * with its site links made absolute, so an agent that fetched only this file can follow them.
 */
export function resourceMarkdown(resource: Resource, context: EmitContext): string {
  const body = agentMarkdownBody(resource, context);
  return `# ${oneLine(resource.title)}\n\n> ${oneLine(resource.description)}\n\n${agentIndexLine(context)}\n\n${body}\n`;
}

/** The line near the top of every Markdown variant that points agents at llms.txt, and at where feedback goes. */
export function agentIndexLine(context: EmitContext): string {
  const feedback = feedbackNote(context);
  return `Every page of ${oneLine(context.model.site.name)} is listed for agents at ${context.urls.llmsTxt}.${feedback ? ` ${feedback}` : ''}`;
}
