import GithubSlugger from 'github-slugger';
import type { Root } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { joinedFields } from '../util/joined-fields.js';

export interface OutlineItem {
  depth: 2 | 3;
  text: string;
  anchor: string;
}

declare module 'vfile' {
  interface DataMap {
    /** H2 and H3 headings for agents in order (none of a people-only passage), with the id each carries in the HTML. */
    outline: OutlineItem[];
    /** The HTML page's outline, people-only headings included: set only when it differs from `outline`. */
    pageOutline: OutlineItem[] | undefined;
    /** H2 heading texts for agents in order: the public preview of a premium body. */
    sections: string[];
    /** Every heading id in the document, for checking `#anchor` links. */
    anchors: string[];
  }
}

/**
 * Gives every heading a GitHub-style id and records the outline on `file.data`. remark-rehype
 * copies `hProperties` onto the `<hN>` element, so the HTML id and the outline anchor are one value.
 * Headings of people-only passages get ids (the page shows them) but stay out of what agents read:
 * the outline of the JSON variants and MCP, and the sections of a premium preview. Agents-only
 * passages are out of the tree already (remarkAudience), so they have no HTML id to point at.
 */
export function remarkHeadingIds() {
  return (tree: Root, file: VFile): void => {
    const slugger = new GithubSlugger();
    const pageOutline: OutlineItem[] = [];
    const outline: OutlineItem[] = [];
    const sections: string[] = [];
    const anchors: string[] = [];
    const peopleOnly = file.data.peopleOnlyBlocks;
    for (const block of tree.children) {
      const forAgents = !peopleOnly?.has(block);
      visit(block, 'heading', (heading) => {
        const text = textOf(heading).trim();
        const anchor = slugger.slug(text);
        anchors.push(anchor);
        heading.data = joinedFields(heading.data ?? {}, {
          hProperties: joinedFields(heading.data?.hProperties ?? {}, { id: anchor }),
        });
        if (heading.depth !== 2 && heading.depth !== 3) return;
        const item = { depth: heading.depth, text, anchor };
        pageOutline.push(item);
        if (!forAgents) return;
        outline.push(item);
        if (heading.depth === 2) sections.push(text);
      });
    }
    Object.assign(file.data, {
      outline,
      pageOutline: pageOutline.length === outline.length ? undefined : pageOutline,
      sections,
      anchors,
    });
  };
}
