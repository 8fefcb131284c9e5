/**
 * Which URLs a page may link to: http, https and mailto, and relative references (no scheme).
 * Anything else (javascript:, vbscript:, data:, file:, ...) can run script or reach outside the web,
 * so the renderer drops it and `agentdir validate` reports it.
 *
 * Web-standard code only: the search page's browser script uses it too.
 */
export const allowedSchemes: readonly string[] = ['http', 'https', 'mailto'];

const tab = 0x09;
const lineFeed = 0x0a;
const carriageReturn = 0x0d;
const space = 0x20;

function isAsciiAlpha(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/** ASCII alphanumerics, `+`, `-` and `.`: what a scheme is made of after its first letter. */
function isSchemeCode(code: number): boolean {
  return isAsciiAlpha(code) || (code >= 0x30 && code <= 0x39) || code === 0x2b || code === 0x2d || code === 0x2e;
}

/**
 * The scheme a browser reads in `url`, lowercased, or null for a relative reference. Follows the
 * WHATWG URL parser's first steps rather than a prefix test: leading C0 controls and spaces are
 * skipped and ASCII tabs and newlines ignored wherever they are, so ` java\tscript:` is `javascript`.
 * `url` is the attribute value as the browser sees it, character references already decoded (as
 * they are in mdast: micromark decodes `&#106;` in link destinations).
 */
export function urlScheme(url: string): string | null {
  let index = 0;
  while (index < url.length && url.charCodeAt(index) <= space) index++;
  let scheme = '';
  for (; index < url.length; index++) {
    const code = url.charCodeAt(index);
    if (code === tab || code === lineFeed || code === carriageReturn) continue;
    if (code === 0x3a) return scheme === '' ? null : scheme.toLowerCase();
    if (scheme === '' ? !isAsciiAlpha(code) : !isSchemeCode(code)) return null;
    scheme += url[index];
  }
  return null;
}

/** True when a page may carry `url` as an `href` or `src`. */
export function isAllowedUrl(url: string): boolean {
  const scheme = urlScheme(url);
  return scheme === null || allowedSchemes.includes(scheme);
}

/**
 * `url` resolved against `base` by the browser's own parser, or null when it does not parse or
 * lands on a scheme a page may not link to. For script that sets `href` from data it fetched.
 */
export function allowedUrl(url: string, base: string): URL | null {
  let resolved: URL;
  try {
    resolved = new URL(url, base);
  } catch {
    return null;
  }
  return allowedSchemes.includes(resolved.protocol.slice(0, -1)) ? resolved : null;
}
