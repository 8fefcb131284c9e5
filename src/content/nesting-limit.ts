import type { Problem } from '../errors/problem.js';
import { fileProblem } from './file-problem.js';

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

const fence = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The first place a Markdown text nests past the limit: blockquote markers and list indentation
 * (each level of a list indents its items by at least two columns). Fenced code is not nesting.
 */
export function markdownTooDeep(text: string, limit = maxNestingDepth): TooDeep | null {
  let fenced: string | null = null;
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
      if (fenced === null && depth + (width >> 1) > limit)
        return { line, column: index - start + 1, depth: depth + (width >> 1) };
    }
    const marker = fence.exec(text.slice(index, Math.min(stop, index + 16)))?.[1];
    if (marker && (fenced === null || marker.startsWith(fenced))) fenced = fenced === null ? marker : null;
    start = stop + 1;
  }
  return null;
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
export function nestingProblem(file: string, kind: 'Markdown' | 'YAML', deep: TooDeep, lineOffset: number): Problem {
  return fileProblem(
    file,
    'NestingTooDeep',
    { language: kind, limit: maxNestingDepth },
    {
      line: lineOffset + deep.line + 1,
      column: deep.column,
      ...(kind === 'Markdown' ? { field: 'body' } : {}),
    },
  );
}
