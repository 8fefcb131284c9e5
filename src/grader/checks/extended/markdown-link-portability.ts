import type { Check } from '../../check.js';
import { failure } from '../../check.js';
import { noSample, samplePage } from './sample-page.js';

/** Link and image targets of Markdown prose: inline `[text](target)` and definitions `[id]: target`; code is left out. */
export function markdownLinkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^ {0,3}(```|~~~)[\s\S]*?^ {0,3}\1/gm, '').replace(/(`+)[^`]*?\1/g, '');
  return [...prose.matchAll(/\]\(\s*<?([^\s)>]+)|^ {0,3}\[[^\]\n]+\]:\s*<?([^\s>]+)/gm)].map(
    (match) => match[1] ?? match[2]!,
  );
}

export const markdownLinkPortabilityCheck: Check = {
  id: 'markdown-link-portability',
  title: 'Markdown variants link with absolute URLs',
  weight: 7,
  action: 'Use absolute URLs in .md variants: read out of context, /path resolves to nothing.',
  async run(context) {
    const sample = await samplePage(context);
    if (!sample) return { fraction: 0, details: noSample };
    const page = await context.fetch(sample.markdown);
    if (page.status !== 200) return { fraction: 0, details: `${sample.markdown} ${failure(page)}.` };
    const targets = markdownLinkTargets(page.text);
    // Portable: absolute, or a fragment of the same text.
    const relative = targets.filter((target) => !/^([a-z][a-z\d+.-]*:|#)/i.test(target));
    return {
      fraction: relative.length ? (relative.length * 5 <= targets.length ? 0.5 : 0) : 1,
      details: `${sample.markdown}: ${relative.length} of ${targets.length} links not absolute${relative.length ? ` (${relative.slice(0, 3).join(', ')})` : ''}.`,
    };
  },
};
