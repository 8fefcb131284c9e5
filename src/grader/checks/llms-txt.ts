import type { Check } from '../check.js';
import { failure, isHtml } from '../check.js';
import { publicPaths } from '../../shared/public-paths.js';

export interface LlmsTxt {
  h1: boolean;
  blockquote: boolean;
  sections: number;
  links: string[];
}

/** The llmstxt.org structure: an H1, a blockquote, then H2 sections of `- [name](url): notes` lists. */
export function parseLlmsTxt(text: string): LlmsTxt {
  const lines = text.split('\n');
  const first = lines.find((line) => line.trim());
  let sections = 0;
  let inSection = false;
  let sectionHasLinks = false;
  const links: string[] = [];
  for (const line of lines) {
    if (/^##\s+\S/.test(line)) {
      if (inSection && sectionHasLinks) sections++;
      inSection = true;
      sectionHasLinks = false;
      continue;
    }
    const link = /^\s*[-*]\s*\[[^\]]+\]\(([^)\s]+)\)/.exec(line);
    if (link) {
      links.push(link[1]!);
      if (inSection) sectionHasLinks = true;
    }
  }
  if (inSection && sectionHasLinks) sections++;
  return { h1: /^#\s+\S/.test(first ?? ''), blockquote: lines.some((line) => /^>\s*\S/.test(line)), sections, links };
}

export const llmsTxtCheck: Check = {
  id: 'llms-txt',
  title: 'A substantial /llms.txt',
  weight: 25,
  async run(context) {
    const page = await context.fetch(publicPaths.llmsTxt);
    if (page.status !== 200 || isHtml(page) || !page.text.trim()) {
      return {
        fraction: 0,
        details: `/llms.txt ${page.status === 200 ? 'is HTML or empty' : failure(page)}.`,
        action:
          'Publish /llms.txt (llmstxt.org): an H1 with the site name, a blockquote summary, and H2 sections listing your key pages as `- [title](url): description`.',
      };
    }
    const parsed = parseLlmsTxt(page.text);
    const substantial = page.text.length >= 500 && parsed.links.length >= 5;
    const parts = [parsed.h1, parsed.blockquote, parsed.sections > 0, substantial];
    const missing = [
      'an H1 title',
      'a blockquote summary',
      'an H2 section of links',
      'enough content (500+ characters, 5+ links)',
    ].filter((_, index) => !parts[index]);
    const details = `${parsed.sections} H2 link section${parsed.sections === 1 ? '' : 's'}, ${parsed.links.length} links, ${page.text.length} characters.${missing.length ? ` Missing: ${missing.join(', ')}.` : ''}`;
    const fraction = parts.filter(Boolean).length / parts.length;
    return missing.length
      ? { fraction, details, action: `Complete /llms.txt: add ${missing.join(', ')}.` }
      : { fraction, details };
  },
};
