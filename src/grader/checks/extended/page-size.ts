import type { Check } from '../../check.js';
import { failure } from '../../check.js';
import { htmlAccept } from '../../fetcher.js';
import { samplePage } from './sample-page.js';

/** Raw HTML an agent's fetch tool still converts whole. */
export const maxHtmlBytes = 500_000;
/** The AFDocs checker's fail line for a page's Markdown (it warns from 50,000): past it, agents truncate. */
export const maxMarkdownCharacters = 100_000;

export const pageSizeCheck: Check = {
  id: 'page-size',
  title: 'Pages small enough to read whole',
  weight: 7,
  action: `Keep pages under ${maxHtmlBytes} bytes of HTML and ${maxMarkdownCharacters} characters of Markdown.`,
  async run(context) {
    const sample = await samplePage(context);
    const judged: [path: string, accept: string | undefined, limit: number][] = [['/', htmlAccept, maxHtmlBytes]];
    if (sample)
      judged.push([sample.page, htmlAccept, maxHtmlBytes], [sample.markdown, undefined, maxMarkdownCharacters]);
    const problems: string[] = [];
    for (const [path, accept, limit] of judged) {
      const page = await context.fetch(path, { accept });
      // HTML in bytes, Markdown in characters.
      const size = limit === maxHtmlBytes ? new TextEncoder().encode(page.text).byteLength : page.text.length;
      if (page.status !== 200 || page.error || size > limit)
        problems.push(`${path} ${page.status !== 200 ? failure(page) : (page.error ?? `is ${size} (over ${limit})`)}`);
    }
    return {
      fraction: 1 - problems.length / judged.length,
      details: problems.length
        ? `${problems.join('; ')}.`
        : `${judged.map(([path]) => path).join(', ')}: within the limits.`,
    };
  },
};
