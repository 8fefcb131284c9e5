/**
 * What keeps a configured URL from being used as the site publishes it: not a URL at all, a scheme
 * other than http(s), a port outside 1-65535 (the WHATWG parser refuses 99999 only when the URL is
 * built, deep inside a build), credentials (`user:pw@`, which would be published with it), or a
 * query or fragment where the URL is a base that paths are appended to.
 */
export type UrlFault = 'not-url' | 'scheme' | 'port' | 'credentials' | 'query' | 'fragment';

export interface UrlRules {
  /** True for a URL that is linked to as it is (a checkout page), where `?tier=corpus` means something. */
  allowQueryAndFragment?: boolean;
}

/** The port written in an absolute URL's authority (`[::1]:8787` included), or undefined. */
function writtenPort(value: string): string | undefined {
  const authority = /^[a-z][a-z\d+.-]*:\/\/([^/?#]*)/i.exec(value)?.[1];
  if (authority === undefined) return undefined;
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return /:(\d+)$/.exec(host.replace(/^\[[^\]]*\]/, ''))?.[1];
}

/** The first fault of `value` under `rules`, or null when the site may publish it. */
export function urlFault(value: string, rules: UrlRules = {}): UrlFault | null {
  const port = writtenPort(value);
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return 'port';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not-url';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  if (!url.hostname) return 'not-url';
  if (url.username || url.password) return 'credentials';
  if (rules.allowQueryAndFragment) return null;
  // An empty `?` or `#` is kept by the parser too (https://a.example/?), and would end up in every path.
  const [beforeFragment, ...fragment] = url.href.split('#');
  if (beforeFragment!.includes('?')) return 'query';
  return fragment.length ? 'fragment' : null;
}
