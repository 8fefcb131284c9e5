/**
 * How deep a paragraph's inline content nests, measured the way micromark pairs it: emphasis and
 * strikethrough delimiters still open, and link and image brackets still open. The parser turns
 * each level into one more node, and the HTML compilers recurse per node: 5,000 `*` before a word
 * and 5,000 after it overflowed the stack. An open bracket also costs time: each `]` normalises the
 * text back to its `[`, so 50,000 nested pairs took seconds. Code spans and escaped characters do
 * not count, as they do not to the parser.
 */

/** One line's inline text: `text.slice(start, end)` is line `line` (0-based) without its container prefix. */
export interface InlineLine {
  line: number;
  start: number;
  end: number;
}

export interface InlineTooDeep {
  /** 0-based line and 1-based column within the scanned text. */
  line: number;
  column: number;
  depth: number;
  construct: 'emphasis' | 'brackets';
}

/** How micromark classes the character on either side of a delimiter run. */
const whitespace = 0;
const punctuation = 1;
const other = 2;
type Flank = typeof whitespace | typeof punctuation | typeof other;

const unicodePunctuation = /[\p{P}\p{S}]/u;
const unicodeWhitespace = /\s/;

/** micromark's classifyCharacter; NaN (before or after the paragraph, a line end) is whitespace. */
function flankOf(code: number): Flank {
  if (Number.isNaN(code) || code === 0x20 || (code >= 0x09 && code <= 0x0d)) return whitespace;
  if (code < 0x80) {
    const isPunctuation =
      (code >= 0x21 && code <= 0x2f) ||
      (code >= 0x3a && code <= 0x40) ||
      (code >= 0x5b && code <= 0x60) ||
      (code >= 0x7b && code <= 0x7e);
    return isPunctuation ? punctuation : other;
  }
  const char = String.fromCharCode(code);
  if (unicodeWhitespace.test(char)) return whitespace;
  return unicodePunctuation.test(char) ? punctuation : other;
}

const star = 0x2a;
const underscore = 0x5f;
const tilde = 0x7e;
const backtick = 0x60;
const backslash = 0x5c;
const openBracket = 0x5b;
const closeBracket = 0x5d;

/** Runs of characters that open, close or escape nothing, within a line; and within a code span. */
const plain = /[^`\\[\]*_~\n]*/y;
const inCode = /[^`\n]*/y;

/** An entry of the open stack: a delimiter run (its marker and how many levels it may still open) or a bracket. */
interface Open {
  marker: number;
  levels: number;
}

/**
 * The first place a paragraph's inline content nests past `limit`. Openers and closers pair as
 * micromark pairs them (left- and right-flanking runs, `_` not inside words, `~` runs of one or
 * two); a closer pairs with the nearest opener of its marker and closes whatever opened after it.
 * Each `*` or `_` of an unpaired run is one level (a run of n can nest n emphases), a `~~` run is
 * one, a bracket is one. The stack never holds more than `limit` levels, so a closer's search is short.
 */
export function inlineTooDeep(text: string, lines: readonly InlineLine[], limit: number): InlineTooDeep | null {
  const closers = backtickRuns(text, lines);
  const open: Open[] = [];
  let depth = 0;
  let codeRun = 0;
  const tooDeep = (line: InlineLine, index: number, construct: InlineTooDeep['construct']): InlineTooDeep => ({
    line: line.line,
    column: index - line.start + 1,
    depth,
    construct,
  });
  /** Pairs a closing run of `marker` with open runs; returns how much of it is left. */
  const close = (marker: number, size: number): number => {
    let at = open.length - 1;
    while (at >= 0 && open[at]!.marker !== marker && open[at]!.marker !== openBracket) at--;
    if (at < 0 || open[at]!.marker !== marker) return size;
    while (open.length > at + 1) depth -= open.pop()!.levels;
    while (size > 0 && open.length > at) {
      const top = open[open.length - 1]!;
      const used = marker === tilde ? top.levels : Math.min(top.levels, size);
      top.levels -= used;
      depth -= used;
      size = marker === tilde ? 0 : size - used;
      if (top.levels === 0) open.pop();
    }
    return size;
  };
  for (const line of lines) {
    for (let index = line.start; index < line.end; index++) {
      // Text between the characters that matter is passed over in one step.
      const skip = codeRun ? inCode : plain;
      skip.lastIndex = index;
      index += skip.exec(text)![0].length;
      if (index >= line.end) break;
      const code = text.charCodeAt(index);
      if (code === backtick) {
        let end = index + 1;
        while (end < line.end && text.charCodeAt(end) === backtick) end++;
        const size = end - index;
        // A run opens a code span only when a run of the same length follows it in the paragraph.
        closers.set(size, (closers.get(size) ?? 1) - 1);
        if (codeRun === size) codeRun = 0;
        else if (codeRun === 0 && (closers.get(size) ?? 0) > 0) codeRun = size;
        index = end - 1;
        continue;
      }
      if (codeRun) continue;
      if (code === backslash) {
        index++;
        continue;
      }
      if (code === openBracket) {
        open.push({ marker: openBracket, levels: 1 });
        if (++depth > limit) return tooDeep(line, index, 'brackets');
        continue;
      }
      if (code === closeBracket) {
        let at = open.length - 1;
        while (at >= 0 && open[at]!.marker !== openBracket) at--;
        if (at >= 0) while (open.length > at) depth -= open.pop()!.levels;
        continue;
      }
      if (code !== star && code !== underscore && code !== tilde) continue;
      let end = index + 1;
      while (end < line.end && text.charCodeAt(end) === code) end++;
      const size = end - index;
      const previous = index > line.start ? text.charCodeAt(index - 1) : Number.NaN;
      const next = end < line.end ? text.charCodeAt(end) : Number.NaN;
      const before = flankOf(previous);
      const after = flankOf(next);
      const start = index;
      index = end - 1;
      let canOpen: boolean;
      let canClose: boolean;
      if (code === tilde) {
        // GFM strikethrough: runs of one or two, flanking without the attention markers' exception.
        if (size > 2) continue;
        canOpen = after === other || (after === punctuation && before !== other);
        canClose = before === other || (before === punctuation && after !== other);
      } else {
        const open = after === other || (after === punctuation && before !== other) || isMarker(next);
        const close = before === other || (before === punctuation && after !== other) || isMarker(previous);
        canOpen = code === star ? open : open && (before !== other || !close);
        canClose = code === star ? close : close && (after !== other || !open);
      }
      const left = canClose ? close(code, size) : size;
      if (!canOpen || left === 0) continue;
      const levels = code === tilde ? 1 : left;
      open.push({ marker: code, levels });
      depth += levels;
      // The run's first character past the limit (a `~~` run is one level: its start).
      const past = code === tilde ? start : start + size - (depth - limit);
      if (depth > limit) return { ...tooDeep(line, past, 'emphasis'), depth: limit + 1 };
    }
  }
  return null;
}

/** `*`, `_` and (with GFM) `~`: the characters micromark lets a delimiter run flank. */
function isMarker(code: number): boolean {
  return code === star || code === underscore || code === tilde;
}

/**
 * How many backtick runs of each length the paragraph has, escaped ones left out. A run escaped
 * inside a code span is counted by neither pass: the paragraph then has fewer code spans than
 * the parser sees, never more, so no text the parser reads as inline is skipped.
 */
function backtickRuns(text: string, lines: readonly InlineLine[]): Map<number, number> {
  const runs = new Map<number, number>();
  for (const line of lines) {
    // Most lines have no backtick: looked for up to the line's end, not the text's.
    inCode.lastIndex = line.start;
    if (line.start + inCode.exec(text)![0].length >= line.end) continue;
    for (let index = line.start; index < line.end; index++) {
      const code = text.charCodeAt(index);
      if (code === backslash) index++;
      else if (code === backtick) {
        let end = index + 1;
        while (end < line.end && text.charCodeAt(end) === backtick) end++;
        runs.set(end - index, (runs.get(end - index) ?? 0) + 1);
        index = end - 1;
      }
    }
  }
  return runs;
}
