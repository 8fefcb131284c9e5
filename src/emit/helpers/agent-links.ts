import type { Article, Resource } from '../../content/model.js';
import { absoluteLinks } from '../../markdown/render.js';
import { publicPaths } from '../../shared/public-paths.js';
import { type EmitContext, premiumSlugs } from '../context.js';

const premiumPage = /^\/resources\/([a-z0-9]+(?:-[a-z0-9]+)*)(?:\.md)?(?=$|[#?\s)>"])/;

/**
 * A document's body for its Markdown variant: every site link made absolute, so an agent that
 * fetched only this file can follow it. In a free document, a link to a premium page points at
 * that resource's public preview, which answers 200 and says how to get the body (the page itself
 * answers 402); a premium body, read with a key, keeps its links as written.
 */
export function agentMarkdownBody(document: Resource | Article, context: EmitContext): string {
  const premium = 'premium' in document && document.premium ? new Set<string>() : premiumSlugSet(context);
  return absoluteLinks(document.body, document.rendered.rootRelativeAt, context.urls.base, (from) => {
    const match = premiumPage.exec(from);
    return match && premium.has(match[1]!)
      ? { length: match[0].length, path: publicPaths.premiumPreviewMarkdown(match[1]!) }
      : null;
  });
}

const premiumSets = new WeakMap<EmitContext['model'], ReadonlySet<string>>();

/** The premium slugs of the model, made once per model. */
function premiumSlugSet(context: EmitContext): ReadonlySet<string> {
  let set = premiumSets.get(context.model);
  if (!set) {
    set = new Set(premiumSlugs(context.model));
    premiumSets.set(context.model, set);
  }
  return set;
}
