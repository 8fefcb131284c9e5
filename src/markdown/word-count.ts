import type { Root } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';
import type { VFile } from 'vfile';

declare module 'vfile' {
  interface DataMap {
    /** Words of the rendered text: runs of characters holding at least one letter or digit. */
    words: number;
  }
}

/** Counts the words of the document's text on `file.data.words`. */
export function remarkWordCount() {
  return (tree: Root, file: VFile): void => {
    file.data.words = countWords(textOf(tree));
  };
}

export function countWords(text: string): number {
  let count = 0;
  for (const word of text.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(word)) count++;
  return count;
}
