// The shapes of the static files the MCP tools read (see schemas/ for their full definitions).

export interface ResourceIndexItem {
  slug: string;
  title: string;
  description: string;
  category: string;
  tags: string[];
  updated: string;
  html: string;
  markdown: string;
  json: string;
  premium: boolean;
  price?: number;
  currency?: string;
  checkout_url?: string;
}

export interface ResourceIndex {
  site: string;
  url: string;
  description: string;
  resources: ResourceIndexItem[];
}

export interface ArticleRef {
  slug: string;
  title: string;
  description?: string;
  kind: 'pillar' | 'sub';
  order?: number;
  url: string;
  markdown: string;
  json: string;
}

export interface ArticleIndexItem extends ArticleRef {
  cluster: string;
  published: string;
  updated: string;
  words?: number;
  estimated_tokens?: number;
  tags?: string[];
}

export interface ClusterEntry {
  id: string;
  title: string;
  status: 'active' | 'complete';
  description?: string;
  target_query?: string;
  pillar: ArticleRef;
  subs: ArticleRef[];
}

export interface ArticleIndex {
  count: number;
  words?: number;
  estimated_tokens?: number;
  newest_update?: string;
  newest_publish?: string;
  clusters: ClusterEntry[];
  articles: ArticleIndexItem[];
}

export interface SearchIndexRow {
  type: 'resource' | 'article';
  slug: string;
  title: string;
  description: string;
  tags: string[];
  url: string;
  markdown: string;
  json: string;
  premium: boolean;
  updated: string;
}

export interface CorpusRecord {
  type: 'meta' | 'resource';
  slug?: string;
  text?: string | null;
  words?: number;
  estimated_tokens?: number;
  [field: string]: unknown;
}

export const paths = {
  resourceIndex: '/api/resources.json',
  articleIndex: '/api/articles.json',
  searchIndex: '/api/search-index.json',
  corpus: '/api/corpus.jsonl',
  pricing: '/api/pricing.json',
  payment: '/api/payment.json',
  learningPaths: '/api/paths.json',
  resource: (slug: string) => `/api/resources/${slug}.json`,
  article: (slug: string) => `/api/articles/${slug}.json`,
  resourceMarkdown: (slug: string) => `/resources/${slug}.md`,
  articleMarkdown: (slug: string) => `/articles/${slug}.md`,
} as const;
