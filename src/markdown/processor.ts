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
