import type { Root, RootContent } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import type { LinkAt } from './link-inventory.js';

declare module 'vfile' {
  interface DataMap {
    /** Link targets of the `## Verified sources` section, or null when there is no such section. */
    sources: LinkAt[] | null;
  }
}

const verifiedSourcesHeading = /^verified sources$/i;

/** Records the links listed under `## Verified sources`, up to the next heading of depth 2 or less. */
export function remarkVerifiedSources() {
  return (tree: Root, file: VFile): void => {
    const start = tree.children.findIndex(
      (node) => node.type === 'heading' && node.depth === 2 && verifiedSourcesHeading.test(textOf(node).trim()),
    );
    if (start === -1) {
      file.data.sources = null;
      return;
    }
    const section: RootContent[] = [];
    for (const node of tree.children.slice(start + 1)) {
      if (node.type === 'heading' && node.depth <= 2) break;
      section.push(node);
    }
    const sources: LinkAt[] = [];
    for (const node of section) {
      visit(node, 'link', (link) => {
        sources.push({ url: link.url, line: link.position?.start.line ?? 0, column: link.position?.start.column ?? 0 });
      });
    }
    file.data.sources = sources;
  };
}
