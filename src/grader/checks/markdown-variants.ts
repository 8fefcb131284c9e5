import type { Check } from '../check.js';
import { isHtml } from '../check.js';
import { firstSectionLinks, ownLinks } from './extended/own-links.js';
import { linkedOrigin } from './link-origin.js';
import { publicPaths } from '../../shared/public-paths.js';

const sampleSize = 5;

export const markdownVariantsCheck: Check = {
  id: 'markdown-variants',
  title: 'Markdown variants discoverable from llms.txt',
  weight: 15,
  async run(context) {
    const llms = await context.fetch(publicPaths.llmsTxt);
    if (llms.status !== 200 || isHtml(llms))
      return {
        fraction: 0,
        details: 'No /llms.txt to discover Markdown variants from.',
        action: 'Publish /llms.txt linking the `.md` variant of each key page.',
      };
    // A build served away from its base URL links its own pages at that URL: judge them by path here.
    const linked = await linkedOrigin(context);
    const note = linked
      ? ` Its links point at ${linked}, not at the graded origin ${context.origin}: judged by their paths here.`
      : '';
    // Only this site's own pages count: a link elsewhere says nothing about this site's variants.
    const rootLinks = await ownLinks(context, llms.text);
    // A large site's llms.txt is an index of section files, each an llms.txt: its pages are in them.
    const links = [...rootLinks, ...((await firstSectionLinks(context, rootLinks)) ?? [])];
    if (!links.length)
      return {
        fraction: 0,
        details: `llms.txt links no page of ${context.origin}.`,
        action: 'Link the `.md` variant of each key page from llms.txt.',
      };
    const markdown = links.filter((url) => /\.md$/i.test(url.pathname));
    // A 402 is a variant that exists behind payment: discoverable, just not free.
    const answersMarkdown = async (url: URL) => {
      const page = await context.fetch(url.pathname + url.search);
      return page.status === 402 || (page.status === 200 && !isHtml(page) && page.text.trim().length > 0);
    };
    if (markdown.length) {
      const sample = markdown.slice(0, sampleSize);
      const ok = (await Promise.all(sample.map(answersMarkdown))).filter(Boolean).length;
      const details = `${markdown.length} of ${links.length} llms.txt links are .md; ${ok} of ${sample.length} sampled answer 200 as Markdown (or 402 behind payment).${note}`;
      return ok === sample.length
        ? { fraction: 1, details }
        : {
            fraction: ok / sample.length,
            details,
            action: 'Make every .md link in llms.txt answer 200 with the Markdown text.',
          };
    }
    // Partial credit: llms.txt links HTML pages, but `.md` copies exist beside them.
    const sample = links.slice(0, 3).map((url) => new URL(`${url.pathname.replace(/\/$/, '')}.md`, url));
    const copies = (await Promise.all(sample.map(answersMarkdown))).filter(Boolean).length;
    if (copies)
      return {
        fraction: 0.5,
        details: `llms.txt links HTML pages, but ${copies} of ${sample.length} sampled pages have a .md copy.${note}`,
        action: 'Link the .md variants in llms.txt instead of the HTML pages.',
      };
    return {
      fraction: 0,
      details: `None of the ${links.length} llms.txt links is a Markdown variant, and no sampled page has a .md copy.${note}`,
      action: 'Publish a Markdown copy of each page at its URL plus .md, and link those from llms.txt.',
    };
  },
};
