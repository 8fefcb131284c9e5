import type { Problem } from '../errors/problem.js';
import { fileProblem } from './file-problem.js';
import { type InlineLine, inlineTooDeep, type InlineTooDeep } from './inline-nesting.js';

/**
 * How deep content may nest. The Markdown and YAML parsers recurse per level and slow down faster
 * than linearly (20,000 nested `>` ran for 17 s and overflowed the stack; 100,000 `[` in front
 * matter ran out of memory), so nesting is measured with one cheap pass before either parser runs.
 * No real document comes close: the deepest list in the default directory nests three levels.
 */
export const maxNestingDepth = 100;

export interface TooDeep {
  /** 0-based line and 1-based column within the scanned text. */
  line: number;
  column: number;
  depth: number;
}

/**
 * How much rewriting of its events the parser may do for one document. micromark copies the events
 * of every line above each list item, each blockquote that starts or ends, and each underlined
 * (setext) heading: the cost grows with the square of the document (`a` and `=` 8,000 times, 32 KB,
 * took 12 s; a 2 MiB resource of the benchmark's kind 7 s, 8 MiB 78 s). So each such line counts
 * the lines above it, an underline four times over (it costs the parser about four times as much),
 * and the sum may reach 150 million: some ten seconds of parsing on a busy machine at most. Rust's
 * release notes (900 KB, 850 underlined headings, 10,000 list items) count 69 million, a 1 MiB
 * document of the benchmark's kind 21 million, the largest of the default directory 2,600.
 */
export const maxRewriteWork = 150_000_000;

/** How many times the lines above an underlined heading count: what it costs the parser next to a list item. */
const setextWeight = 4;

/** Where a Markdown body first goes past a limit the parser needs, and which. */
export type MarkdownPastLimit =
  | (TooDeep & { construct: 'blocks' | InlineTooDeep['construct'] })
  | { construct: 'rewrites'; line: number; column: number; work: number };

export interface MarkdownLimits {
  depth: number;
  rewriteWork: number;
}

const fence = /^ {0,3}(`{3,}|~{3,})/;
/** An underline, after the container prefix (a lone `-` is not taken for a bullet). */
const setextUnderline = /^(?:=+|-+)[ \t\r]*$/;
/** Four columns of indentation: a line of indented code, unless it continues a paragraph. */
const indented = /^(?: {4}|\t| {1,3}\t)/;

/**
 * The first place a Markdown body goes past what the parser handles in time and stack, found in
 * one pass before it runs. Block nesting: blockquote markers and list indentation (each level of a
 * list indents its items by at least two columns). Inline nesting: emphasis and brackets within a
 * paragraph (inline-nesting.ts). Rewrites: the lines above each list item, blockquote edge and
 * setext underline, summed. Fenced code, and indented code that starts no paragraph, is none of these.
 */
export function markdownPastLimits(
  text: string,
  limits: MarkdownLimits = { depth: maxNestingDepth, rewriteWork: maxRewriteWork },
): MarkdownPastLimit | null {
  let fenced: string | null = null;
  let paragraph: InlineLine[] = [];
  let rewriteWork = 0;
  let quotesBefore = 0;
  const endParagraph = () => {
    const deep = paragraph.length ? inlineTooDeep(text, paragraph, limits.depth) : null;
    paragraph = [];
    return deep;
  };
  let line = 0;
  for (let start = 0; start <= text.length; line++) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    let depth = 0;
    let width = 0;
    let index = start;
    // The line's container prefix: indentation, `>` markers and list bullets.
    for (; index < stop; index++) {
      const char = text.charCodeAt(index);
      if (char === 0x3e /* > */) depth++;
      else if (char === 0x20) width++;
      else if (char === 0x09) width += 4;
      else if (char !== 0x2d /* - */ && char !== 0x2a /* * */ && char !== 0x2b /* + */) break;
      if (fenced === null && depth + (width >> 1) > limits.depth)
        return { line, column: index - start + 1, depth: depth + (width >> 1), construct: 'blocks' };
    }
    const marker = fence.exec(text.slice(index, Math.min(stop, index + 16)))?.[1];
    const wasFenced = fenced !== null;
    if (marker && (fenced === null || marker.startsWith(fenced))) fenced = fenced === null ? marker : null;
    if (wasFenced) {
      start = stop + 1;
      continue;
    }
    const prefix = containerPrefix(text, start, stop);
    const first = text.charCodeAt(prefix.inline);
    const setext =
      paragraph.length > 0 &&
      (first === 0x3d /* = */ || first === 0x2d) &&
      setextUnderline.test(text.slice(prefix.inline, stop));
    if (prefix.item || prefix.quotes !== quotesBefore || setext) {
      rewriteWork += setext ? line * setextWeight : line;
      if (rewriteWork > limits.rewriteWork)
        return { construct: 'rewrites', line, column: prefix.inline - start + 1, work: rewriteWork };
    }
    quotesBefore = prefix.quotes;
    const blank = isBlank(text, prefix.inline, stop);
    const indentedCode = !paragraph.length && prefix.inline > start && indented.test(text.slice(start, start + 4));
    if (marker || blank || indentedCode || setext || prefix.interrupts) {
      const deep = endParagraph();
      if (deep) return deep;
    }
    if (!(marker || blank || indentedCode || setext)) paragraph.push({ line, start: prefix.inline, end: stop });
    start = stop + 1;
  }
  return endParagraph();
}

/** What a line's container prefix holds, reused from line to line. */
const prefix = { inline: 0, item: false, interrupts: false, quotes: 0 };

/**
 * A line's container prefix: its `>` markers, whether it starts a list item (a bullet or a number
 * of up to nine digits and `.` or `)`, then a space or the line's end) and whether that item ends a
 * paragraph (one that is not empty, and numbered 1 if numbered), and where its inline text starts.
 */
function containerPrefix(text: string, start: number, stop: number): typeof prefix {
  prefix.item = false;
  prefix.interrupts = false;
  prefix.quotes = 0;
  let index = start;
  while (index < stop) {
    const char = text.charCodeAt(index);
    if (char === 0x20 || char === 0x09) index++;
    else if (char === 0x3e) {
      prefix.quotes++;
      index++;
    } else {
      let after = index + 1;
      if (char >= 0x30 && char <= 0x39) {
        while (after < stop && after - index < 9 && isDigit(text.charCodeAt(after))) after++;
        const delimiter = text.charCodeAt(after);
        after = delimiter === 0x2e || delimiter === 0x29 ? after + 1 : -1;
      } else if (char !== 0x2d && char !== 0x2a && char !== 0x2b) after = -1;
      const next = after === -1 ? 0 : after === stop ? 0x20 : text.charCodeAt(after);
      if (after === -1 || (next !== 0x20 && next !== 0x09 && next !== 0x0d)) break;
      prefix.item = true;
      prefix.interrupts = !isBlank(text, after, stop) && (after - index === 1 || text.slice(index, after - 1) === '1');
      index = after;
    }
  }
  prefix.inline = index;
  return prefix;
}

function isDigit(char: number): boolean {
  return char >= 0x30 && char <= 0x39;
}

function isBlank(text: string, from: number, stop: number): boolean {
  for (let index = from; index < stop; index++) {
    const char = text.charCodeAt(index);
    if (char !== 0x20 && char !== 0x09 && char !== 0x0d) return false;
  }
  return true;
}

/**
 * The first place YAML nests past the limit: open `[` and `{`, and block indentation. Quotes are not
 * followed (an apostrophe in a plain scalar would hide what comes after); brackets inside strings
 * count too, which no real file has a hundred of.
 */
export function yamlTooDeep(text: string, limit = maxNestingDepth): TooDeep | null {
  let depth = 0;
  let line = 0;
  let lineStart = 0;
  let indent = true;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 0x0a) {
      line++;
      lineStart = index + 1;
      indent = true;
      continue;
    }
    if (indent && char === 0x20) {
      if (index - lineStart + 1 > limit * 2)
        return { line, column: index - lineStart + 1, depth: (index - lineStart + 1) >> 1 };
      continue;
    }
    indent = false;
    if (char === 0x5b || char === 0x7b) {
      if (++depth > limit) return { line, column: index - lineStart + 1, depth };
    } else if ((char === 0x5d || char === 0x7d) && depth > 0) depth--;
  }
  return null;
}

/** The located problem for a text nested past the limit; `lineOffset` is the lines before the text in its file. */
export function nestingProblem(
  file: string,
  kind: 'Markdown' | 'YAML',
  deep: TooDeep & { construct?: 'blocks' | InlineTooDeep['construct'] },
  lineOffset: number,
): Problem {
  return fileProblem(
    file,
    'NestingTooDeep',
    { language: kind, limit: maxNestingDepth, ...(deep.construct ? { construct: deep.construct } : {}) },
    {
      line: lineOffset + deep.line + 1,
      column: deep.column,
      ...(kind === 'Markdown' ? { field: 'body' } : {}),
    },
  );
}
