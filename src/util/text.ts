/**
 * Text as the build reads it: without a UTF-8 byte-order mark and with LF line ends. Files saved on
 * Windows (CRLF, often with a BOM) then parse, locate and render byte for byte like their LF twins;
 * line numbers are unchanged, and a column only ever loses the CR that ended its line.
 */
export function normalizeText(text: string): string {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return body.includes('\r') ? body.replace(/\r\n?/g, '\n') : body;
}
