import { decodeOrKeep } from '../util/decode.js';

export interface InternalTarget {
  family: 'resources' | 'articles';
  slug: string;
  /** Fragment after `#`, decoded; '' when none. */
  anchor: string;
  /** Only the HTML page carries heading ids, so only its anchors can be checked. */
  html: boolean;
}

const pagePattern = /^\/(resources|articles)\/([^/?#]+?)(\.md|\/)?$/;
const jsonPattern = /^\/api\/(resources|articles)\/([^/?#]+?)\.json$/;
const familyPrefix = /^\/(api\/)?(resources|articles)\//;

/**
 * Reads a link as a reference to a resource or article of this site, or returns null when it points
 * elsewhere. `broken: true` marks a path inside /resources/ or /articles/ whose shape no page can have.
 */
export function parseInternalLink(
  url: string,
  baseUrl: string,
): (InternalTarget & { broken?: false }) | { broken: true } | null {
  let rest = url;
  if (rest.startsWith(`${baseUrl}/`)) rest = rest.slice(baseUrl.length);
  if (!rest.startsWith('/') || rest.startsWith('//')) return null;
  const hashAt = rest.indexOf('#');
  const anchor = hashAt === -1 ? '' : decodeOrKeep(rest.slice(hashAt + 1));
  const path = rest.replace(/[?#].*$/, '');
  if (!familyPrefix.test(path)) return null;
  const page = pagePattern.exec(path);
  if (page) return { family: page[1] as InternalTarget['family'], slug: page[2]!, anchor, html: page[3] !== '.md' };
  const json = jsonPattern.exec(path);
  if (json) return { family: json[1] as InternalTarget['family'], slug: json[2]!, anchor, html: false };
  return { broken: true };
}
