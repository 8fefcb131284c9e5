// An in-memory site for the grader checks: path -> answer, served through the grader's own CheckContext.
import { checkContext, type CheckContext } from '../../src/grader/check.js';
import type { Fetched, SiteFetcher } from '../../src/grader/fetcher.js';

export const origin = 'https://site.example';

export interface Page {
  status?: number;
  type?: string;
  body: string;
}

export type SiteMap = Record<string, Page | string>;

/** A fetcher answering from `pages` (a bare string is a 200 text/plain body), 404 for anything else, recording each URL asked. */
export function memoryFetcher(pages: SiteMap): SiteFetcher & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async get(url): Promise<Fetched> {
      asked.push(url);
      const parsed = new URL(url);
      const page = parsed.origin === origin ? pages[parsed.pathname + parsed.search] : undefined;
      if (page === undefined)
        return { url, status: 404, contentType: 'text/html', text: '<!doctype html><p>Not found' };
      const {
        status = 200,
        type = 'text/plain; charset=utf-8',
        body,
      } = typeof page === 'string' ? { body: page } : page;
      return { url, status, contentType: type, text: body };
    },
  };
}

export function contextFor(pages: SiteMap): CheckContext {
  return checkContext(origin, memoryFetcher(pages));
}

const docs = ['quick-start', 'authentication', 'rate-limits', 'endpoints', 'errors', 'changelog'];

export const llmsTxt = [
  '# Test Site',
  '',
  '> A small directory of guides that agents can read as Markdown, with an RSL license and a sitemap.',
  '',
  '## Docs',
  '',
  ...docs.map((name) => `- [${name}](${origin}/docs/${name}.md): the ${name} page, explained step by step for agents.`),
  '',
  '## Optional',
  '',
  `- [Pricing](${origin}/api/pricing.json): what keys cost`,
  '',
].join('\n');

export const homepage = [
  '<!doctype html><html><head>',
  '<title>Test Site &amp; Friends</title>',
  '<meta name="description" content="Guides for agents.">',
  '<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebSite","name":"Test Site"}</script>',
  '</head><body><h1>Test Site</h1></body></html>',
].join('\n');

export const licenseXml =
  '<?xml version="1.0"?>\n<rsl xmlns="https://rslstandard.org/rsl">\n  <content url="/">\n    <license><permits type="usage">search</permits></license>\n  </content>\n</rsl>\n';

export const sitemapXml = (...paths: string[]) =>
  `<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`;

/** A site that passes every check. */
export function goodSite(): SiteMap {
  return {
    '/': { type: 'text/html; charset=utf-8', body: homepage },
    '/robots.txt': `User-agent: *\nAllow: /\nContent-Signal: search=yes, ai-train=no\nLicense: ${origin}/license.xml\nSitemap: ${origin}/sitemap.xml\n`,
    '/sitemap.xml': { type: 'application/xml', body: sitemapXml('/', '/docs/quick-start') },
    '/llms.txt': llmsTxt,
    '/license.xml': { type: 'application/xml', body: licenseXml },
    ...Object.fromEntries(
      docs.map((name) => [`/docs/${name}.md`, { type: 'text/markdown; charset=utf-8', body: `# ${name}\n\nText.` }]),
    ),
  };
}
