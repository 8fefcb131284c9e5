import type { Check } from '../check.js';
import { failure } from '../check.js';
import { htmlAccept } from '../fetcher.js';

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

export const homepageCheck: Check = {
  id: 'homepage',
  title: 'Homepage title, meta description and JSON-LD',
  weight: 15,
  async run(context) {
    // The HTML page: a site that negotiates answers the grader's default Accept with Markdown.
    const page = await context.fetch('/', { accept: htmlAccept });
    if (page.status !== 200)
      return {
        fraction: 0,
        details: `The homepage ${failure(page)}.`,
        action: 'Serve a homepage at / with a <title>, a meta description and JSON-LD.',
      };
    const title = /<title[^>]*>([^<]*\S[^<]*)<\/title>/i.exec(page.text)?.[1];
    const description =
      /<meta\s[^>]*name=["']description["'][^>]*content=["']([^"']*\S[^"']*)["']|<meta\s[^>]*content=["']([^"']*\S[^"']*)["'][^>]*name=["']description["']/i.exec(
        page.text,
      );
    const scripts = [
      ...page.text.matchAll(/<script[^>]*type=["']application\/ld\+json["'][^>]*>([\s\S]*?)<\/script>/gi),
    ].map((match) => match[1]!);
    let parsed = 0;
    for (const script of scripts) {
      try {
        JSON.parse(script.trim().startsWith('{') || script.trim().startsWith('[') ? script : decodeEntities(script));
        parsed++;
      } catch {
        /* counted as broken below */
      }
    }
    const jsonLd = scripts.length > 0 && parsed === scripts.length;
    const parts = [Boolean(title), Boolean(description), jsonLd];
    const details = `${title ? `Title "${decodeEntities(title.trim()).slice(0, 80)}"` : 'No <title>'}; ${description ? 'a meta description' : 'no meta description'}; ${scripts.length ? `${parsed} of ${scripts.length} JSON-LD blocks parse` : 'no JSON-LD'}.`;
    const missing = [
      'a <title>',
      'a <meta name="description">',
      'JSON-LD that parses (e.g. WebSite and Organization)',
    ].filter((_, index) => !parts[index]);
    const fraction = parts.filter(Boolean).length / parts.length;
    return missing.length
      ? { fraction, details, action: `Add to the homepage: ${missing.join(', ')}.` }
      : { fraction, details };
  },
};
