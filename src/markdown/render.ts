import GithubSlugger from 'github-slugger';
import { toString as textOf } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import type { Heading, Root, RootContent } from 'mdast';
import { processorFor } from './processor.js';
import { urlScheme, allowedSchemes } from './url-scheme.js';

export interface OutlineItem {
  depth: 2 | 3;
  text: string;
  anchor: string;
}

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

/** Everything the build needs from one Markdown body, computed in a single parse. Plain data, so it can be cached. */
export interface RenderedMarkdown {
  html: string;
  outline: OutlineItem[];
  /** H2 heading texts in order: the public preview of a premium body. */
  sections: string[];
  /** Every heading id in the document, for checking `#anchor` links. */
  anchors: string[];
  /** Link targets of the `## Verified sources` section, or null when there is no such section. */
  sources: LinkAt[] | null;
  links: LinkAt[];
  /** Links, images and definitions whose scheme the renderer dropped from the HTML. */
  disallowedUrls: DisallowedUrl[];
  words: number;
}

const verifiedSourcesHeading = /^verified sources$/i;

export function renderMarkdown(body: string): RenderedMarkdown {
  const processor = processorFor(body);
  const tree = processor.parse(body) as Root;
  const outline: OutlineItem[] = [];
  const sections: string[] = [];
  const anchors: string[] = [];
  const slugger = new GithubSlugger();

  const headingFound = (heading: Heading): void => {
    const text = textOf(heading).trim();
    const anchor = slugger.slug(text);
    anchors.push(anchor);
    // remark-rehype copies hProperties onto the <hN> element, so the HTML id and the outline anchor are one value.
    heading.data = { ...heading.data, hProperties: { ...(heading.data?.hProperties ?? {}), id: anchor } };
    if (heading.depth === 2) sections.push(text);
    if (heading.depth === 2 || heading.depth === 3) outline.push({ depth: heading.depth, text, anchor });
  };

  const links: LinkAt[] = [];
  const disallowedUrls: DisallowedUrl[] = [];
  // One walk over the tree for headings and URLs alike: it runs for every document of the site.
  visit(tree, (node) => {
    if (node.type === 'heading') {
      headingFound(node);
    } else if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      const at = { url: node.url, line: node.position?.start.line ?? 0, column: node.position?.start.column ?? 0 };
      if (node.type !== 'image') links.push(at);
      const scheme = urlScheme(node.url);
      if (scheme !== null && !allowedSchemes.includes(scheme)) disallowedUrls.push({ ...at, scheme, kind: node.type });
    }
  });

  const hast = processor.runSync(tree);
  const html = processor.stringify(hast);

  return {
    html,
    outline,
    sections,
    anchors,
    sources: verifiedSources(tree),
    links,
    disallowedUrls,
    words: countWords(textOf(tree)),
  };
}

/** Links listed under the `## Verified sources` heading, up to the next heading of depth 2 or less. */
function verifiedSources(tree: Root): LinkAt[] | null {
  const start = tree.children.findIndex(
    (node) => node.type === 'heading' && node.depth === 2 && verifiedSourcesHeading.test(textOf(node).trim()),
  );
  if (start === -1) return null;
  const section: RootContent[] = [];
  for (const node of tree.children.slice(start + 1)) {
    if (node.type === 'heading' && node.depth <= 2) break;
    section.push(node);
  }
  const found: LinkAt[] = [];
  for (const node of section) {
    visit(node, 'link', (link) => {
      found.push({ url: link.url, line: link.position?.start.line ?? 0, column: link.position?.start.column ?? 0 });
    });
  }
  return found;
}

export function countWords(text: string): number {
  let count = 0;
  for (const word of text.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(word)) count++;
  return count;
}
