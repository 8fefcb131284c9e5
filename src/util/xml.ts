import { lineBreakOrControl } from './text.js';

const xmlReferences: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' };

/**
 * Markup characters, and what must not stand raw in XML text: line breaks (LF, CR, NEL, U+2028,
 * U+2029), which become character references, so a value keeps its every character and the file
 * never gains a line; and the control characters XML 1.0 does not allow even as a reference,
 * which become U+FFFD.
 */
const escaped = new RegExp(`[<>&"']|${lineBreakOrControl.source}`, 'g');

function reference(char: string): string {
  const named = xmlReferences[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  // XML 1.0 allows tab, LF and CR below U+0020, and everything from U+007F up to the surrogates.
  if (code < 0x20 && code !== 0x0a && code !== 0x0d) return '\ufffd';
  return `&#x${code.toString(16).toUpperCase()};`;
}

/** Escapes text for an XML element or attribute value: one line, with nothing XML forbids. */
export function escapeXml(text: string): string {
  return text.replace(escaped, reference);
}

function htmlReference(char: string): string {
  const named = xmlReferences[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  // A reference to any other control character is an HTML parse error, and NEL's reads as `…`.
  return code === 0x0a || code === 0x0d || code > 0x9f ? `&#x${code.toString(16).toUpperCase()};` : '\ufffd';
}

/**
 * Escapes text for HTML text or a quoted attribute value (the templates' `{{ value }}` rules for a
 * page built without them): markup characters as references, line breaks as references (one line,
 * the same text), and control characters, which HTML does not allow, as U+FFFD.
 */
export function escapeHtml(text: string): string {
  return text.replace(escaped, htmlReference);
}
