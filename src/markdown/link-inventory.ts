import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { allowedSchemes, urlScheme } from './url-scheme.js';

/** A URL found in the body, with its position relative to the body's first line. */
export interface LinkAt {
  url: string;
  line: number;
  column: number;
}

/** A URL the page does not carry (see url-scheme.ts), kept so validate can say where it is written. */
export interface DisallowedUrl extends LinkAt {
  /** The scheme a browser would read, lowercased, without its colon. */
  scheme: string;
  /** What wrote it: an inline link or autolink, an image, or a reference definition. */
  kind: 'link' | 'image' | 'definition';
}

declare module 'vfile' {
  interface DataMap {
    /** Link and definition targets, for the internal-link checks. */
    links: LinkAt[];
    /** Links, images and definitions whose scheme the HTML handlers drop (safe-url-handlers.ts). */
    disallowedUrls: DisallowedUrl[];
    /** Offsets in the source where a root-relative URL (`/resources/x`) starts, for absoluteLinks(). */
    rootRelativeAt: number[];
  }
}

/**
 * Where the destination `url` of a link, image or definition starts in its source text, or -1 when
 * it is not written there as given (escapes or character references): such a URL is left as it is.
 */
function destinationOffset(source: string, url: string, kind: 'link' | 'image' | 'definition'): number {
  if (kind === 'definition') {
    const colon = source.indexOf(']:');
    const at = colon === -1 ? -1 : source.indexOf(url, colon + 2);
    return at !== -1 && /^\s*<?$/.test(source.slice(colon + 2, at)) ? at : -1;
  }
  for (const opening of ['(', '(<']) {
    const at = source.lastIndexOf(`${opening}${url}`);
    if (at !== -1) return at + opening.length;
  }
  return -1;
}

/** Records every link target and every URL with a scheme pages may not carry on `file.data`. */
export function remarkLinkInventory() {
  return (tree: Root, file: VFile): void => {
    const links: LinkAt[] = [];
    const disallowedUrls: DisallowedUrl[] = [];
    const rootRelativeAt: number[] = [];
    const text = String(file.value);
    visit(tree, (node) => {
      if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') return;
      const at = { url: node.url, line: node.position?.start.line ?? 0, column: node.position?.start.column ?? 0 };
      if (node.type !== 'image') links.push(at);
      const scheme = urlScheme(node.url);
      if (scheme !== null && !allowedSchemes.includes(scheme)) disallowedUrls.push({ ...at, scheme, kind: node.type });
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (/^\/(?!\/)/.test(node.url) && start !== undefined && end !== undefined) {
        const offset = destinationOffset(text.slice(start, end), node.url, node.type);
        if (offset !== -1) rootRelativeAt.push(start + offset);
      }
    });
    Object.assign(file.data, { links, disallowedUrls, rootRelativeAt: rootRelativeAt.sort((a, b) => a - b) });
  };
}
