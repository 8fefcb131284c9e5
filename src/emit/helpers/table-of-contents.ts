import type { OutlineItem } from '../../markdown/render.js';

export interface TocEntry {
  text: string;
  anchor: string;
  children: TocEntry[];
}

/** The outline as a two-level list: each H3 under the H2 before it (an H3 before any H2 stands on its own). */
export function tableOfContents(outline: OutlineItem[]): TocEntry[] {
  const entries: TocEntry[] = [];
  for (const item of outline) {
    const entry = { text: item.text, anchor: item.anchor, children: [] };
    const parent = entries.at(-1);
    if (item.depth === 3 && parent) parent.children.push(entry);
    else entries.push(entry);
  }
  return entries;
}
