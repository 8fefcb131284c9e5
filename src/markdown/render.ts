import { VFile } from 'vfile';
import type { OutlineItem } from './heading-ids.js';
import type { DisallowedUrl, LinkAt } from './link-inventory.js';
import { processorFor } from './processor.js';

export type { OutlineItem } from './heading-ids.js';
export type { DisallowedUrl, LinkAt } from './link-inventory.js';
export { countWords } from './word-count.js';

/** Everything the build needs from one Markdown body, computed in a single parse. Plain data, so it can be cached. */
export interface RenderedMarkdown {
  html: string;
  outline: OutlineItem[];
  sections: string[];
  anchors: string[];
  sources: LinkAt[] | null;
  links: LinkAt[];
  disallowedUrls: DisallowedUrl[];
  /** Offsets where root-relative URLs start in the body: absoluteLinks() puts the base URL there. */
  rootRelativeAt: number[];
  words: number;
}

/** Runs the pipeline of processor.ts over one body: the HTML comes back as the file's value, the rest on `file.data`. */
export function renderMarkdown(body: string): RenderedMarkdown {
  const file = processorFor(body).processSync(new VFile(body));
  const { outline, sections, anchors, sources, links, disallowedUrls, rootRelativeAt, words } = file.data;
  return {
    html: String(file.value),
    outline: outline ?? [],
    sections: sections ?? [],
    anchors: anchors ?? [],
    sources: sources ?? null,
    links: links ?? [],
    disallowedUrls: disallowedUrls ?? [],
    rootRelativeAt: rootRelativeAt ?? [],
    words: words ?? 0,
  };
}

/** The body with the base URL put in front of each root-relative link, so it can be followed from anywhere. */
export function absoluteLinks(body: string, rootRelativeAt: readonly number[], base: string): string {
  let result = '';
  let from = 0;
  for (const at of rootRelativeAt) {
    result += body.slice(from, at) + base;
    from = at;
  }
  return result + body.slice(from);
}
