import { oneLine } from '../util/text.js';
import { escapeXml } from '../util/xml.js';
import type { EmitContext } from './context.js';
import type { OutputFile } from './output.js';
import { pagePaths, pageUrl } from './helpers/page-paths.js';

/** The sitemap protocol's limit of URLs per file. */
export const sitemapLimit = 50_000;

export function robotsTxt(context: EmitContext): string {
  const signals = context.model.site.content_signals;
  const yesNo = (value: boolean) => (value ? 'yes' : 'no');
  return [
    `# ${oneLine(context.model.site.name)}: an agent-readable directory. Start at ${context.urls.llmsTxt}`,
    '# Content-Signal: search = building a search index and linking to results; ai-input = using content as input',
    '# to AI answers (RAG, grounding); ai-train = training or fine-tuning models. yes grants, no withholds.',
    'User-agent: *',
    `Content-Signal: search=${yesNo(signals.search)}, ai-input=${yesNo(signals['ai-input'])}, ai-train=${yesNo(signals['ai-train'])}`,
    'Allow: /',
    '',
    `Sitemap: ${context.urls.sitemapIndex}`,
    `License: ${context.urls.license}`,
    // Agentic Resource Discovery: where the manifest of every catalog entry is (README: Agent discovery).
    ...(context.model.site.discovery.ard ? [`Agentmap: ${context.urls.ard}`] : []),
    '',
  ].join('\n');
}

interface SitemapEntry {
  loc: string;
  lastmod: string;
}

/**
 * Pages worth a crawler's visit, the same set llms.txt lists: home, free resources, the previews of
 * premium ones, guides, guide clusters and learning paths. Premium pages answer 402, so they stay
 * out; category and tag pages are lists of links to pages listed here, and stay out too.
 */
function sitemapEntries(context: EmitContext): SitemapEntry[] {
  const { model, urls } = context;
  const listing = (pagePath: string) => ({ loc: pageUrl(context, pagePath), lastmod: context.buildDate });
  return [
    { loc: urls.home, lastmod: context.buildDate },
    ...model.resources
      .filter((resource) => !resource.premium)
      .map((resource) => ({ loc: urls.resourceHtml(resource.slug), lastmod: resource.updated })),
    ...model.resources
      .filter((resource) => resource.premium)
      .map((resource) => ({ loc: urls.premiumPreview(resource.slug), lastmod: resource.updated })),
    ...model.articles.map((article) => ({ loc: urls.articleHtml(article.slug), lastmod: article.updated })),
    ...model.clusters.map((cluster) => listing(pagePaths.cluster(cluster.id))),
    ...model.paths.map((learningPath) => listing(pagePaths.learningPath(learningPath.id))),
  ];
}

export function emitCrawlerFiles(context: EmitContext): OutputFile[] {
  const entries = sitemapEntries(context);
  const files: OutputFile[] = [{ path: 'public/robots.txt', content: robotsTxt(context) }];
  const chunks = Math.max(1, Math.ceil(entries.length / sitemapLimit));
  const indexItems: string[] = [];
  for (let index = 0; index < chunks; index++) {
    const chunk = entries.slice(index * sitemapLimit, (index + 1) * sitemapLimit);
    const urls = chunk.map(
      (entry) => `  <url><loc>${escapeXml(entry.loc)}</loc><lastmod>${entry.lastmod}</lastmod></url>`,
    );
    files.push({
      path: `public/sitemap-${index}.xml`,
      content: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
    });
    const lastmod = chunk.reduce((newest, entry) => (entry.lastmod > newest ? entry.lastmod : newest), '');
    indexItems.push(
      `  <sitemap><loc>${escapeXml(context.urls.sitemap(index))}</loc><lastmod>${lastmod}</lastmod></sitemap>`,
    );
  }
  files.push({
    path: 'public/sitemap-index.xml',
    content: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${indexItems.join('\n')}\n</sitemapindex>\n`,
  });
  return files;
}
