import type { StoredMarkdown } from '../markdown/stored-markdown.js';
import type { YamlSource } from './source-file.js';

export type PricingTierId = 'starter' | 'corpus' | 'redistribution';
export type RslUsage = 'all' | 'ai-all' | 'ai-train' | 'ai-input' | 'ai-index' | 'search';

export interface PricingTier {
  id: PricingTierId;
  name: string;
  price: number;
  currency: string;
  checkout_url?: string;
  deliverables: string[];
  license_grant: string;
}

/** content/site.yaml after validation, with defaults applied. */
export interface Site {
  name: string;
  /** Base URL without a trailing slash. */
  url: string;
  description: string;
  language: string;
  publisher: { name: string; url?: string; email?: string };
  templates?: string;
  categories?: { id: string; title: string; description?: string }[];
  tags?: string[];
  license: { name: string; terms_url?: string; copyright?: string; permits: RslUsage[]; prohibits: RslUsage[] };
  content_signals: { search: boolean; 'ai-input': boolean; 'ai-train': boolean };
  pricing: { payment_url: string; delivery: string; price_usd: string; tiers: PricingTier[] };
  x402: { network: 'base' | 'base-sepolia'; asset?: string; max_timeout_seconds: number };
  mcp: { allowed_origins: string[] };
  markdown_negotiation: boolean;
}

/** A content file that came from YAML (whole file or front matter): kept to locate problems. */
export interface Located {
  file: string;
  source: YamlSource;
  /** Lines before the Markdown body, to map body positions to file lines. */
  bodyLineOffset: number;
}

export interface Resource extends Located {
  slug: string;
  title: string;
  description: string;
  category: string;
  tags: string[];
  updated: string;
  premium: boolean;
  premium_summary?: string;
  price?: number;
  currency?: string;
  checkout_url?: string;
  body: string;
  rendered: StoredMarkdown;
}

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface Article extends Located {
  slug: string;
  clusterId: string;
  title: string;
  description: string;
  kind: 'pillar' | 'sub';
  /** 0 for the pillar, the front matter `order` for subs. */
  order: number;
  target_query?: string;
  secondary_queries: string[];
  tags: string[];
  takeaways: string[];
  faq: FaqEntry[];
  published: string;
  updated: string;
  resources: string[];
  body: string;
  rendered: StoredMarkdown;
}

export interface Cluster {
  id: string;
  file: string;
  source: YamlSource;
  title: string;
  status: 'active' | 'complete';
  description?: string;
  target_query?: string;
  started?: string;
  target_subs?: number;
  pillar: Article;
  /** In reading order. */
  subs: Article[];
}

export interface LearningPath {
  id: string;
  title: string;
  description?: string;
  level?: 'beginner' | 'intermediate' | 'advanced' | 'production';
  steps: string[];
}

export interface ContentModel {
  dir: string;
  site: Site;
  /** Sorted by slug. */
  resources: Resource[];
  /** Sorted by id. */
  clusters: Cluster[];
  /** Every article: clusters in order, each pillar first, then subs in reading order. */
  articles: Article[];
  paths: LearningPath[];
}
