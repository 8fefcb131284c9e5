import type { Check } from '../../check.js';
import { failure } from '../../check.js';
import { htmlAccept } from '../../fetcher.js';
import { noSample, samplePage } from './sample-page.js';

/** The HTML an agent reads: the body without nav, script and style, as the AFDocs checker searches it. */
function readableBody(html: string): string {
  return html.slice(Math.max(0, html.search(/<body[\s>]/i))).replace(/<(nav|script|style)\b[\s\S]*?<\/\1\s*>/gi, '');
}

/** What is wrong with where a text names `/llms.txt`: nowhere, or in its second half (the AFDocs checker calls that buried). */
function placement(name: string, text: string): string | null {
  const at = text.search(/\/llms\.txt/i);
  if (at < 0) return `${name} never names /llms.txt`;
  return at > text.length / 2 ? `${name} names /llms.txt only ${Math.round((at / text.length) * 100)}% down` : null;
}

export const llmsTxtDirectiveCheck: Check = {
  id: 'llms-txt-directive',
  title: 'Pages point to /llms.txt near the top',
  weight: 7,
  action: 'Link /llms.txt near the top of each page, in the HTML body and the .md variant.',
  async run(context) {
    const home = await context.fetch('/', { accept: htmlAccept });
    const sample = await samplePage(context);
    const markdown = sample && (await context.fetch(sample.markdown));
    const problems = [
      home.status === 200 ? placement('the home page', readableBody(home.text)) : `the home page ${failure(home)}`,
      !sample || !markdown
        ? noSample
        : markdown.status === 200
          ? placement(sample.markdown, markdown.text)
          : `${sample.markdown} ${failure(markdown)}`,
    ].filter(Boolean);
    return {
      fraction: 1 - problems.length / 2,
      details: problems.length
        ? `${problems.join('; ')}.`
        : `The home page and ${sample!.markdown} name /llms.txt in their first half.`,
    };
  },
};
