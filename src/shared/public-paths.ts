// Every path a built site answers, relative to its base URL: one table for the emitters (through
// src/emit/helpers/urls.ts, which prefixes the base URL), the worker, the MCP tools and the route table.
// Web-standard code only.

export const publicPaths = {
  home: '/',
  /** The home page for agents: what it lists, by Markdown URL (`/` negotiates to it). */
  homeMarkdown: '/index.md',
  resourceHtml: (slug: string) => `/resources/${slug}`,
  resourceMarkdown: (slug: string) => `/resources/${slug}.md`,
  resourceJson: (slug: string) => `/api/resources/${slug}.json`,
  /** The public page about a premium resource: what it covers in public terms and how to get it. */
  premiumPreview: (slug: string) => `/resources/${slug}/preview`,
  premiumPreviewMarkdown: (slug: string) => `/resources/${slug}/preview.md`,
  articleHtml: (slug: string) => `/articles/${slug}`,
  articleMarkdown: (slug: string) => `/articles/${slug}.md`,
  articleJson: (slug: string) => `/api/articles/${slug}.json`,
  guideMarkdown: (cluster: string) => `/guides/${cluster}.md`,
  learningPathMarkdown: (id: string) => `/paths/${id}.md`,
  x402: (slug: string) => `/api/x402/${slug}`,
  resourceIndex: '/api/resources.json',
  articleIndex: '/api/articles.json',
  articlesJsonl: '/api/articles.jsonl',
  searchIndex: '/api/search-index.json',
  categories: '/api/categories.json',
  tags: '/api/tags.json',
  paths: '/api/paths.json',
  corpus: '/api/corpus.json',
  corpusJsonl: '/api/corpus.jsonl',
  corpusFull: '/api/corpus.full.jsonl',
  corpusSchema: '/api/corpus.schema.json',
  finetuneSample: '/api/finetune-sample.jsonl',
  evalsSample: '/api/evals-sample.jsonl',
  pricing: '/api/pricing.json',
  payment: '/api/payment.json',
  grader: '/api/grader',
  /** Agents' feedback on a page (README: Know your agent readers). */
  feedback: '/api/feedback',
  license: '/license.xml',
  llmsTxt: '/llms.txt',
  llmsFullTxt: '/llms-full.txt',
  /** A section of an llms.txt too large for one file: an llms.txt of its own (README: llms.txt). */
  llmsSection: (id: string) => `/llms/${id}.txt`,
  /** The full text of the documents one section file lists. */
  llmsFullSection: (id: string) => `/llms-full/${id}.txt`,
  robots: '/robots.txt',
  sitemapIndex: '/sitemap-index.xml',
  sitemap: (index: number) => `/sitemap-${index}.xml`,
  mcp: '/mcp',
  mcpServerCard: '/mcp/server-card',
  serverCard: '/.well-known/mcp/server-card.json',
  /** The MCP registry's description of the server (server.json), for registries and one-click installs. */
  mcpRegistryServer: '/.well-known/mcp/server.json',
  /** The MCP Catalog: the same manifest as ard.json, reduced to the MCP server. */
  mcpCatalog: '/.well-known/mcp/catalog.json',
  /** The Agentic Resource Discovery manifest: every catalog entry of the site (README: Agent discovery). */
  ard: '/.well-known/ard.json',
  /** The same manifest at the path earlier ARD drafts named. */
  aiCatalog: '/.well-known/ai-catalog.json',
  /** The A2A agent card: the directory's skills, and where each is reached. */
  agentCard: '/.well-known/agent-card.json',
  openApi: '/openapi.json',
  openApiYaml: '/openapi.yaml',
  apiCatalog: '/.well-known/api-catalog',
  /** Agent skills (README: Agent skills): the index of the Agent Skills Discovery RFC v0.2.0, and each skill's files. */
  agentSkillsIndex: '/.well-known/agent-skills/index.json',
  agentSkillFile: (path: string) => `/.well-known/agent-skills/${path}`,
  /** The same skills where clients of the RFC's v0.1.0 look: its index, and every file of each skill. */
  legacySkillsIndex: '/.well-known/skills/index.json',
  legacySkillFile: (path: string) => `/.well-known/skills/${path}`,
  /** The access-and-pricing resource in Markdown: the terms every payment answer points to. */
  terms: '/resources/access-and-pricing.md',
} as const;

export type PublicPaths = typeof publicPaths;
