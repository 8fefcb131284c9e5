/**
 * Text as the build reads it: without a UTF-8 byte-order mark and with LF line ends. Files saved on
 * Windows (CRLF, often with a BOM) then parse, locate and render byte for byte like their LF twins;
 * line numbers are unchanged, and a column only ever loses the CR that ended its line.
 */
export function normalizeText(text: string): string {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return body.includes('\r') ? body.replace(/\r\n?/g, '\n') : body;
}

/**
 * What no line of text may hold: every character some reader ends a line at (LF, CR, VT, FF, the
 * file, group and record separators, NEL, U+2028, U+2029) and every other control character. Tab
 * is not among them: within a line it is space to every format agentdir writes. The `line` rule of
 * schemas/common.schema.json refuses the same characters; formats with escapes escape them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
export const lineBreakOrControl = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * Anything `oneLine` changes: white space other than one space between words (tab, line breaks,
 * U+2028, U+2029, no-break space...) and every control character, NEL among them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it folds.
const foldable = /[^\S ]|[\u0000-\u001f\u007f-\u009f]| {2}|^ | $/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it folds.
const foldableRuns = /[\s\u0000-\u001f\u007f-\u009f]+/g;

/**
 * Text on one line, for formats with no escape for a line break (Markdown, llms.txt, robots.txt,
 * `_headers`): each run of white space and control characters becomes one space, so a title or a
 * description cannot start a line of its own, whichever reader splits the lines (CR, LF, NEL,
 * U+2028...). It removes every character the `line` rule of schemas/common.schema.json refuses.
 * Most text has nothing to fold and is returned after one test.
 */
export function oneLine(text: string): string {
  return foldable.test(text) ? text.replace(foldableRuns, ' ').trim() : text;
}

/** `count` and the noun, plural unless the count is one: "1 key", "3 keys", "2 queries" with `many`. */
export function plural(count: number | string, one: string, many = `${one}s`): string {
  return `${count} ${Number(String(count).replace(/,/g, '')) === 1 ? one : many}`;
}
