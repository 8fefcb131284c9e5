import type { Root } from 'mdast';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { type Processor, unified } from 'unified';
import type { VFile } from 'vfile';
import { remarkAudience } from './audience.js';
import { remarkHeadingIds } from './heading-ids.js';
import { remarkLinkInventory } from './link-inventory.js';
import { safeUrlHandlers } from './safe-url-handlers.js';
import { remarkVerifiedSources } from './verified-sources.js';
import { remarkWordCount } from './word-count.js';

/** GFM's constructs but autolink literals: each one's micromark syntax and its mdast builder. */
const gfmWithoutLiterals = [
  [gfmFootnote, gfmFootnoteFromMarkdown],
  [gfmStrikethrough, gfmStrikethroughFromMarkdown],
  [gfmTable, gfmTableFromMarkdown],
  [gfmTaskListItem, gfmTaskListItemFromMarkdown],
] as const;

/**
 * GFM as remark-gfm adds it, less autolink literals (`www.x`, `https://x`, `a@b.x` in running
 * text): tables, strikethrough, footnotes and task items. Looking for a literal at every letter
 * of the text is more than half of what GFM adds to a parse.
 */
function remarkGfmWithoutAutolinkLiterals(this: Processor) {
  const data = this.data();
  data.micromarkExtensions = [...(data.micromarkExtensions ?? []), ...gfmWithoutLiterals.map(([syntax]) => syntax())];
  data.fromMarkdownExtensions = [
    ...(data.fromMarkdownExtensions ?? []),
    ...gfmWithoutLiterals.map(([, fromMarkdown]) => fromMarkdown()),
  ];
}

/**
 * The one Markdown pipeline: Markdown in, HTML out, and on `file.data` everything the build checks
 * and lists (links, audience passages, outline, verified sources, word count). Frozen, so every document reuses the
 * same configured parser and compiler. Raw HTML in Markdown is dropped, never passed through, and a
 * link or image whose URL has a scheme other than http, https or mailto loses its `href` or `src`.
 */
function pipeline(syntax: 'gfm' | 'gfm-without-literals' | 'commonmark') {
  const parser = unified().use(remarkParse);
  if (syntax === 'gfm') parser.use(remarkGfm);
  if (syntax === 'gfm-without-literals') parser.use(remarkGfmWithoutAutolinkLiterals);
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

/** The pipeline with GitHub Flavored Markdown: what every document means. */
export const markdownProcessor = pipeline('gfm');

/** The same pipeline without GFM, for documents in which no GFM construct can occur. */
export const commonmarkProcessor = pipeline('commonmark');

/** The same pipeline with GFM less autolink literals, for documents in which none occurs. */
export const literalFreeProcessor = pipeline('gfm-without-literals');

export type MarkdownProcessor = typeof markdownProcessor;

/** A parsed body, and the pipeline whose transformers and compiler finish it. */
export interface ParsedMarkdown {
  processor: MarkdownProcessor;
  tree: Root;
}

/**
 * Characters every GFM construct needs: tables a `|`, strikethrough a `~`, footnotes `[^`, task
 * items `[ ]` or `[x]`, autolink literals `www.`, `http` or an `@` (e-mail, mailto:, xmpp:).
 * A document without any of them parses exactly the same without the GFM extensions, about twice as fast.
 */
const gfmTrigger = /[|~@]|\[\^|\[[ xX]\]|www\.|http/i;

/** What an autolink literal starts with, or needs (an e-mail's `@`), in text as parsed. */
const literalTrigger = /www\.|https?:\/\/|@/i;

/**
 * Where a literal could be in the source: an `@`, or a `www.` or URL not written as a link's
 * destination (`](https://…`, `<https://…>`, `[id]: https://…`). Only a guess of which parse
 * to try first: the parsed text decides.
 */
const literalLikely = /@|(?<!\]\(|<|\]:[ \t]*)(?:www\.|https?:\/\/)/i;

/** Nodes GFM finds no literal in: a link's text, and an image's description (its label was open). */
const literalFreeNodes = new Set(['link', 'linkReference', 'image', 'imageReference']);

/**
 * True when a literal-free parse may differ from a GFM one. An autolink literal is found only in
 * text outside links and images, where its characters are plain data to a parse without literals:
 * they show in a text node of that parse. Without one there, GFM finds no literal either, and both
 * parses give the same tree.
 */
function mayHoldLiteral(node: { type: string; value?: unknown; children?: unknown[] }): boolean {
  if (literalFreeNodes.has(node.type)) return false;
  if (node.type === 'text') return typeof node.value === 'string' && literalTrigger.test(node.value);
  return (node.children as (typeof node)[] | undefined)?.some(mayHoldLiteral) ?? false;
}

/** Parses with GFM, every construct of it: the meaning of every document, and the reference the faster parses are checked against. */
export function parseWithGfm(file: VFile): ParsedMarkdown {
  return { processor: markdownProcessor, tree: markdownProcessor.parse(file) };
}

/**
 * Parses `file` with the cheapest pipeline that gives the tree GFM gives: without GFM when no GFM
 * construct can occur, else without autolink literals when the parsed text holds none (the
 * parse is done again with GFM when it may).
 */
export function parseMarkdown(file: VFile): ParsedMarkdown {
  const text = String(file.value);
  if (!gfmTrigger.test(text)) return { processor: commonmarkProcessor, tree: commonmarkProcessor.parse(file) };
  if (literalLikely.test(text)) return parseWithGfm(file);
  const tree = literalFreeProcessor.parse(file);
  return mayHoldLiteral(tree) ? parseWithGfm(file) : { processor: literalFreeProcessor, tree };
}
