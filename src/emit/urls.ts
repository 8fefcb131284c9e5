/** Every public address of a built site, derived from its base URL in one place. */
export interface SiteUrls {
  base: string;
  home: string;
  resourceHtml(slug: string): string;
  resourceMarkdown(slug: string): string;
  resourceJson(slug: string): string;
  articleHtml(slug: string): string;
  articleMarkdown(slug: string): string;
  articleJson(slug: string): string;
  x402(slug: string): string;
  resourceIndex: string;
  articleIndex: string;
  articlesJsonl: string;
  searchIndex: string;
  categories: string;
  tags: string;
  paths: string;
  corpus: string;
  corpusJsonl: string;
  corpusFull: string;
  corpusSchema: string;
  finetuneSample: string;
  evalsSample: string;
  pricing: string;
  payment: string;
  license: string;
  llmsTxt: string;
  llmsFullTxt: string;
  robots: string;
  sitemapIndex: string;
  sitemap(index: number): string;
  mcp: string;
  serverCard: string;
  openApi: string;
  openApiYaml: string;
  apiCatalog: string;
  /** The access-and-pricing resource in Markdown: the terms every payment answer points to. */
  terms: string;
}

export function siteUrls(base: string): SiteUrls {
  const at = (path: string) => `${base}${path}`;
  return {
    base,
    home: at('/'),
    resourceHtml: (slug) => at(`/resources/${slug}`),
    resourceMarkdown: (slug) => at(`/resources/${slug}.md`),
    resourceJson: (slug) => at(`/api/resources/${slug}.json`),
    articleHtml: (slug) => at(`/articles/${slug}`),
    articleMarkdown: (slug) => at(`/articles/${slug}.md`),
    articleJson: (slug) => at(`/api/articles/${slug}.json`),
    x402: (slug) => at(`/api/x402/${slug}`),
    resourceIndex: at('/api/resources.json'),
    articleIndex: at('/api/articles.json'),
    articlesJsonl: at('/api/articles.jsonl'),
    searchIndex: at('/api/search-index.json'),
    categories: at('/api/categories.json'),
    tags: at('/api/tags.json'),
    paths: at('/api/paths.json'),
    corpus: at('/api/corpus.json'),
    corpusJsonl: at('/api/corpus.jsonl'),
    corpusFull: at('/api/corpus.full.jsonl'),
    corpusSchema: at('/api/corpus.schema.json'),
    finetuneSample: at('/api/finetune-sample.jsonl'),
    evalsSample: at('/api/evals-sample.jsonl'),
    pricing: at('/api/pricing.json'),
    payment: at('/api/payment.json'),
    license: at('/license.xml'),
    llmsTxt: at('/llms.txt'),
    llmsFullTxt: at('/llms-full.txt'),
    robots: at('/robots.txt'),
    sitemapIndex: at('/sitemap-index.xml'),
    sitemap: (index) => at(`/sitemap-${index}.xml`),
    mcp: at('/mcp'),
    serverCard: at('/.well-known/mcp/server-card.json'),
    openApi: at('/openapi.json'),
    openApiYaml: at('/openapi.yaml'),
    apiCatalog: at('/.well-known/api-catalog'),
    terms: at('/resources/access-and-pricing.md'),
  };
}
