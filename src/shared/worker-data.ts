// The data the build hands the runtime worker: everything it serves that static files cannot.

import type {
  ServerCard,
  X402PaymentRequiredPaymentRequirements,
  X402PaymentRequiredV2,
  X402PaymentRequiredV2Bazaar,
} from '../schemas/types.js';
import { isObject, isObjectOfObjects } from './json-shapes.js';
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
  discovery: X402Discovery;
}

/** What a Bazaar-style discovery service catalogs from this slug's x402 answers (src/emit/helpers/x402-discovery.ts). */
export interface X402Discovery {
  /** Added to the version 2 `resource`: the site's name, the resource's category and tags. */
  service: Pick<X402PaymentRequiredV2['resource'], 'serviceName' | 'tags'>;
  /** `extensions.bazaar` of the 402 of /api/x402/<slug>. */
  http: X402PaymentRequiredV2Bazaar;
  /** `extensions.bazaar` of a `get_resource` call that was not paid. */
  mcp: X402PaymentRequiredV2Bazaar;
  /** Version 1's `outputSchema`. */
  v1: X402PaymentRequiredPaymentRequirements['outputSchema'];
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
   * `reaccessDays`: days a paying wallet may read again with a Sign-In-With-X proof (0: never).
   */
  x402: {
    network: string;
    asset?: string;
    maxTimeoutSeconds: number;
    transferMethods: TransferMethod[];
    meteredCorpus: boolean;
    reaccessDays: number;
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

function isPremiumEntry(entry: Record<string, unknown>): boolean {
  const { preview, paywall } = entry;
  return (
    isObject(preview) &&
    isObject(entry.discovery) &&
    typeof preview.title === 'string' &&
    Array.isArray(preview.sections) &&
    ['html', 'markdown', 'json', 'corpusRecord'].every((field) => typeof entry[field] === 'string') &&
    Array.isArray(paywall) &&
    paywall.length === 2 &&
    paywall.every((page) => typeof page === 'string')
  );
}

/**
 * Whether parsed JSON has the shape of the worker data a build writes (worker/data/worker-data.json):
 * the fields every reader of it relies on. A file of another shape is not data this build wrote.
 */
export function isWorkerData(value: unknown): value is WorkerData {
  if (!isObject(value)) return false;
  const { site, premium, readers } = value;
  return (
    isObject(site) &&
    typeof site.name === 'string' &&
    typeof site.url === 'string' &&
    typeof value.negotiation === 'boolean' &&
    isObject(value.x402) &&
    isObject(value.mcp) &&
    isObject(value.payment) &&
    isObjectOfObjects(premium) &&
    Object.values(premium).every(isPremiumEntry) &&
    typeof value.fullCorpusMeta === 'string' &&
    isObject(readers) &&
    typeof readers.record === 'string' &&
    typeof readers.feedback === 'boolean' &&
    Array.isArray(readers.agents)
  );
}
