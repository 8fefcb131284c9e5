import type { Check } from '../../check.js';
import { failure } from '../../check.js';
import { arrayOrEmpty, objectOrEmpty } from '../../../shared/json-shapes.js';
import { publicPaths } from '../../../shared/public-paths.js';
import { ownLinks, rootLlmsTxt } from './own-links.js';

/** The slug of the first premium resource a resource index lists, whatever else the JSON holds. */
function premiumSlug(index: unknown): string | undefined {
  for (const resource of arrayOrEmpty(objectOrEmpty(index).resources)) {
    const { slug, premium } = objectOrEmpty(resource);
    if (premium === true && typeof slug === 'string') return slug;
  }
  return undefined;
}

export const paymentCacheCheck: Check = {
  id: 'payment-required-cache',
  title: 'No shared cache keeps a 402',
  weight: 7,
  action: 'Answer premium URLs without a key with 402 and Cache-Control: no-store.',
  async run(context) {
    const llms = await rootLlmsTxt(context);
    // llms.txt lists a premium resource by its public preview; the gated page is beside it.
    let slug = (llms === null ? [] : await ownLinks(context, llms))
      .map((url) => /^\/resources\/([^/]+)\/preview(\.md)?$/.exec(url.pathname)?.[1])
      .find(Boolean);
    try {
      // Else the resource index flags them (a root llms.txt that only indexes section files lists none itself).
      slug ??= premiumSlug(JSON.parse((await context.fetch(publicPaths.resourceIndex)).text));
    } catch {
      /* no index: no premium resource known */
    }
    if (!slug)
      return {
        fraction: 1,
        details: 'No premium resource: not applicable, so passed.',
      };
    const path = publicPaths.resourceMarkdown(slug);
    const page = await context.fetch(path);
    const cacheControl = page.headers?.get('cache-control') ?? '';
    // `private` or `no-store` keep shared caches off; without either, an explicit lifetime or a CDN rule would let them keep it.
    const uncached = /(^|,)\s*(no-store|private)\b/i.test(cacheControl);
    return {
      fraction: page.status === 402 && uncached ? 1 : 0,
      details: `${path} ${page.status === 402 ? `answered 402 with Cache-Control: ${cacheControl || 'none'}` : failure(page)}.`,
    };
  },
};
