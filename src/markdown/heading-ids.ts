import GithubSlugger from 'github-slugger';
import type { Root } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';

export interface OutlineItem {
  depth: 2 | 3;
  text: string;
  anchor: string;
}

declare module 'vfile' {
  interface DataMap {
    /** H2 and H3 headings in order, with the id each carries in the HTML. */
    outline: OutlineItem[];
    /** H2 heading texts in order: the public preview of a premium body. */
    sections: string[];
    /** Every heading id in the document, for checking `#anchor` links. */
    anchors: string[];
  }
}

/**
 * Gives every heading a GitHub-style id and records the outline on `file.data`. remark-rehype
 * copies `hProperties` onto the `<hN>` element, so the HTML id and the outline anchor are one value.
 */
export function remarkHeadingIds() {
  return (tree: Root, file: VFile): void => {
    const slugger = new GithubSlugger();
    const outline: OutlineItem[] = [];
    const sections: string[] = [];
    const anchors: string[] = [];
    visit(tree, 'heading', (heading) => {
      const text = textOf(heading).trim();
      const anchor = slugger.slug(text);
      anchors.push(anchor);
      heading.data = { ...heading.data, hProperties: { ...(heading.data?.hProperties ?? {}), id: anchor } };
      if (heading.depth === 2) sections.push(text);
      if (heading.depth === 2 || heading.depth === 3) outline.push({ depth: heading.depth, text, anchor });
    });
    Object.assign(file.data, { outline, sections, anchors });
  };
}
