import type { CheckContext } from '../../check.js';
import { firstSectionLinks, ownLinks, rootLlmsTxt } from './own-links.js';

/** What the checks that read a sample page say when there is none. */
export const noSample = 'llms.txt links no .md variant to sample.';

export interface SamplePage {
  /** The `.md` variant llms.txt links (of a flat llms.txt, one the Markdown variants check has fetched already). */
  markdown: string;
  /** The HTML page it is the variant of. */
  page: string;
}

const isMarkdown = (url: URL) => /\.md$/i.test(url.pathname);

/** The first `.md` link of llms.txt and its page; when the root is an index of section files, of the first section file. */
export async function samplePage(context: CheckContext): Promise<SamplePage | null> {
  const root = await rootLlmsTxt(context);
  const rootLinks = root === null ? [] : await ownLinks(context, root);
  // An index's own .md links are extras (premium previews, say); the pages are in its section files.
  const links = (await firstSectionLinks(context, rootLinks)) ?? rootLinks;
  const markdown = links.find(isMarkdown);
  return markdown
    ? {
        markdown: markdown.pathname + markdown.search,
        page: markdown.pathname.replace(/\/index\.md$/i, '/').replace(/\.md$/i, ''),
      }
    : null;
}
