import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { remarkAudience } from './audience.js';
import { remarkHeadingIds } from './heading-ids.js';
import { remarkLinkInventory } from './link-inventory.js';
import { safeUrlHandlers } from './safe-url-handlers.js';
import { remarkVerifiedSources } from './verified-sources.js';
import { remarkWordCount } from './word-count.js';

/**
 * The one Markdown pipeline: Markdown in, HTML out, and on `file.data` everything the build checks
 * and lists (links, audience passages, outline, verified sources, word count). Frozen, so every document reuses the
 * same configured parser and compiler. Raw HTML in Markdown is dropped, never passed through, and a
 * link or image whose URL has a scheme other than http, https or mailto loses its `href` or `src`.
 */
function pipeline(gfm: boolean) {
  const parser = gfm ? unified().use(remarkParse).use(remarkGfm) : unified().use(remarkParse);
  return parser
    .use(remarkLinkInventory)
    .use(remarkAudience)
    .use(remarkHeadingIds)
    .use(remarkVerifiedSources)
    .use(remarkWordCount)
    .use(remarkRehype, { handlers: safeUrlHandlers })
    .use(rehypeStringify)
    .freeze();
}

export const markdownProcessor = pipeline(true);

/** The same pipeline without GFM, for documents in which no GFM construct can occur. */
export const commonmarkProcessor = pipeline(false);

/**
 * Characters every GFM construct needs: tables a `|`, strikethrough a `~`, footnotes `[^`, task
 * items `[ ]` or `[x]`, autolink literals `www.`, `http` or an `@` (e-mail, mailto:, xmpp:).
 * A document without any of them parses exactly the same without the GFM extensions, about twice as fast.
 */
const gfmTrigger = /[|~@]|\[\^|\[[ xX]\]|www\.|http/i;

export function processorFor(markdown: string) {
  return gfmTrigger.test(markdown) ? markdownProcessor : commonmarkProcessor;
}
