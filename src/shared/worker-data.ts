// The data the build hands the runtime worker: everything it serves that static files cannot.

import type { ServerCard } from '../schemas/types.js';
import type { AgentPattern } from './readers/agent-pattern.js';
import type { RouteOptions } from './routes.js';
import type { TransferMethod } from './x402-methods.js';

export interface PremiumPreview {
  title: string;
  description: string;
  /** H2 headings in order: the only part of the body a caller without a key sees. */
  sections: string[];
}

export interface PremiumEntry {
  preview: PremiumPreview;
  html: string;
  markdown: string;
  /** The §2.3 JSON variant, serialized. */
  json: string;
  /** This resource's line of the full corpus export, serialized. */
  corpusRecord: string;
  /** The 402 page a browser sees: without, then with the pay-per-fetch option (for a configured gateway). */
  paywall: [string, string];
}

export interface PaymentFacts {
  price_usd: string;
  payment_url: string;
  /** Retry instructions for a premium resource with a key. */
  how_to_pay: string;
  /** The sentence offering pay per fetch with x402, added while the gateway is configured; `{slug}` stands for the slug. */
  how_to_pay_per_fetch: string;
  /** Retry instructions for the full corpus export. */
  how_to_pay_corpus: string;
  terms: string;
  license: string;
  pricing_catalog: string;
  payment_manifest: string;
  mcp_server: string;
  free_sample: string;
}

export interface McpServerFacts {
  /** Reverse-DNS name, as on the server card. */
  name: string;
  title: string;
  version: string;
  instructions: string;
  /** Browser origins besides the site's own that may call /mcp. */
  allowedOrigins: string[];
  /** The server card, also published at /.well-known/mcp/server-card.json. */
  card: ServerCard;
}

/** site.yaml `analytics`, and the crawler list readers are named by. */
export interface ReadersFacts {
  record: 'worker-routes' | 'every-request' | 'off';
  retentionDays: number;
  feedback: boolean;
  agents: AgentPattern[];
}

export interface WorkerData {
  site: { name: string; url: string };
  /** site.yaml `markdown_negotiation`. */
  negotiation: boolean;
  /**
   * site.yaml defaults of the x402 gateway; the worker environment may override network and asset.
   * `transferMethods`: the ways an `exact` payment may move the asset, one offer each, in order.
   * `meteredCorpus`: whether `get_full_corpus` sells pages with x402 `upto`, per premium record.
   */
  x402: {
    network: string;
    asset?: string;
    maxTimeoutSeconds: number;
    transferMethods: TransferMethod[];
    meteredCorpus: boolean;
  };
  mcp: McpServerFacts;
  payment: PaymentFacts;
  premium: Record<string, PremiumEntry>;
  /** The meta line of the full corpus export, serialized. */
  fullCorpusMeta: string;
  readers: ReadersFacts;
}

/** Which rows of the route table this site routes, and whether the worker sees every request first. */
export function routeOptions(data: Pick<WorkerData, 'negotiation' | 'readers'>): RouteOptions {
  return {
    negotiation: data.negotiation,
    feedback: data.readers.feedback,
    everyRequest: data.readers.record === 'every-request',
  };
}
