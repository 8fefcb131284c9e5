import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';

/**
 * The one Markdown pipeline: GFM in, HTML out. Frozen, so every document reuses the same
 * configured parser and compiler. Raw HTML in Markdown is dropped, never passed through.
 */
export const markdownProcessor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeStringify).freeze();

/** The same pipeline without GFM, for documents in which no GFM construct can occur. */
export const commonmarkProcessor = unified().use(remarkParse).use(remarkRehype).use(rehypeStringify).freeze();

/**
 * Characters every GFM construct needs: tables a `|`, strikethrough a `~`, footnotes `[^`, task
 * items `[ ]` or `[x]`, autolink literals `www.`, `http` or an `@` (e-mail, mailto:, xmpp:).
 * A document without any of them parses exactly the same without the GFM extensions, about twice as fast.
 */
const gfmTrigger = /[|~@]|\[\^|\[[ xX]\]|www\.|http/i;

export function processorFor(markdown: string) {
  return gfmTrigger.test(markdown) ? markdownProcessor : commonmarkProcessor;
}
