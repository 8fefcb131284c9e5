import type { Check } from '../../check.js';
import { failure } from '../../check.js';
import type { Fetched } from '../../fetcher.js';
import { htmlAccept } from '../../fetcher.js';
import { noSample, samplePage } from './sample-page.js';

/** Whether caches key this answer by Accept, so they never hand the Markdown to a browser or the HTML to an agent. */
const variesOnAccept = (page: Fetched) => /(^|,)\s*(accept|\*)\s*(,|$)/i.test(page.headers?.get('vary') ?? '');

export const markdownNegotiationCheck: Check = {
  id: 'markdown-negotiation',
  title: 'Pages answer Accept: text/markdown',
  weight: 7,
  action: 'Answer a page asked for text/markdown with its .md variant as text/markdown, and send Vary: Accept.',
  async run(context) {
    const sample = await samplePage(context);
    if (!sample) return { fraction: 0, details: noSample };
    const markdown = await context.fetch(sample.page, { accept: 'text/markdown' });
    if (markdown.status !== 200 || !/^text\/markdown/i.test(markdown.contentType))
      return {
        fraction: 0,
        details: `${sample.page} for text/markdown: ${markdown.status === 200 ? markdown.contentType : failure(markdown)}.`,
      };
    const html = await context.fetch(sample.page, { accept: htmlAccept });
    // The HTML answer is judged when there is one: a page served only as Markdown needs no Vary for it.
    const unvaried = [markdown, html].filter((page) => page.status === 200 && !variesOnAccept(page)).length;
    return {
      fraction: 1 - unvaried / 4,
      details: `${sample.page} answers text/markdown; ${unvaried ? `${unvaried} answer(s) lack` : 'both send'} Vary: Accept.`,
    };
  },
};
