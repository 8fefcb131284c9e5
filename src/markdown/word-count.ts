import type { Root } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';
import { SKIP, visit } from 'unist-util-visit';
import type { VFile } from 'vfile';

declare module 'vfile' {
  interface DataMap {
    /** Words of the rendered text: runs of characters holding at least one letter or digit. */
    words: number;
  }
}

/** Blocks whose text reads as one run; their neighbours are separate runs. */
const textBlocks = new Set(['paragraph', 'heading', 'tableCell', 'code']);

/**
 * Counts the words of the document's text on `file.data.words`, block by block: the text of the
 * whole tree joins blocks with nothing between them, so "Hello" and "World" in two paragraphs
 * would read as one word.
 */
export function remarkWordCount() {
  return (tree: Root, file: VFile): void => {
    let words = 0;
    visit(tree, (node) => {
      if (!textBlocks.has(node.type)) return;
      words += countWords(textOf(node));
      return SKIP;
    });
    file.data.words = words;
  };
}

export function countWords(text: string): number {
  let count = 0;
  for (const word of text.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(word)) count++;
  return count;
}
