import type { EmitContext } from '../context.js';
import { linkText } from './markdown-text.js';
import { oneLine } from '../../util/text.js';
import { agentIndexLine } from './resource-json.js';

export interface ListingEntry {
  title: string;
  markdown: string;
  description?: string;
  premium?: boolean;
  /** The same line the HTML item shows under its title (position, category, updated date). */
  meta: string;
}

/**
 * The Markdown variant of a page that lists documents in order (a guide cluster, a learning path):
 * title, description, the llms.txt pointer, then each document's Markdown URL, absolute.
 */
export function listingMarkdown(
  context: EmitContext,
  page: { title: string; description: string; lead: string },
  entries: ListingEntry[],
): string {
  const lines = entries.map((entry, index) => {
    const premium = entry.premium ? ' (premium: key required)' : '';
    const description = entry.description ? `: ${oneLine(entry.description)}` : '';
    return `${index + 1}. [${linkText(entry.title)}](${entry.markdown})${premium}${description}\n   ${oneLine(entry.meta)}`;
  });
  return `# ${oneLine(page.title)}\n\n> ${oneLine(page.description)}\n\n${agentIndexLine(context)}\n\n${oneLine(page.lead)}\n\n${lines.join('\n')}\n`;
}
