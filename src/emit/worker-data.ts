import { loadAgentPatterns } from '../readers/agent-patterns.js';
import type { PaymentFacts, PremiumEntry, WorkerData } from '../shared/worker-data.js';
import { corpusMetaRecord, corpusResourceRecord } from './corpus.js';
import type { EmitContext } from './context.js';
import { assertValid, type OutputFile } from './output.js';
import { howToPayPerFetch, howToPayWithKey } from './pricing.js';
import { resourceJson, resourceMarkdown } from './helpers/resource-json.js';
import { resourceHtml } from './resource-variants.js';
import { serverCard } from './server-card.js';
import { paywallPages } from './helpers/paywall-page.js';
import { oneLine } from '../util/text.js';
import { jsonText } from '../util/json-text.js';
import { x402Discovery } from './helpers/x402-discovery.js';

export function paymentFacts(context: EmitContext): PaymentFacts {
  const { urls, model } = context;
  return {
    price_usd: model.site.pricing.price_usd,
    payment_url: model.site.pricing.payment_url,
    how_to_pay: howToPayWithKey(context),
    how_to_pay_per_fetch: howToPayPerFetch(context),
    how_to_pay_corpus: `Buy the full-corpus license (corpus tier) or the redistribution tier at ${model.site.pricing.payment_url}, then retry with the header \`Authorization: Bearer <API_KEY>\` (or \`x-api-key: <API_KEY>\`). A starter key does not open the full export.`,
    terms: urls.terms,
    license: urls.license,
    pricing_catalog: urls.pricing,
    payment_manifest: urls.payment,
    mcp_server: urls.mcp,
    free_sample: urls.corpusJsonl,
  };
}

/**
 * What only the runtime worker may serve: every variant of each premium resource, its 402 preview,
 * and the lines that turn the free corpus export into the full one. Written under worker/, never public/.
 */
export function workerData(context: EmitContext): WorkerData {
  const premium: Record<string, PremiumEntry> = {};
  for (const resource of context.model.resources.filter((candidate) => candidate.premium)) {
    const json = resourceJson(resource, context);
    assertValid(context.registry, 'resource', json, `worker data for ${resource.slug}`);
    const record = corpusResourceRecord(resource, 'full', context);
    assertValid(context.registry, 'corpus-record', record, `full corpus record of ${resource.slug}`);
    premium[resource.slug] = {
      preview: { title: resource.title, description: resource.description, sections: resource.rendered.sections },
      html: resourceHtml(resource, context),
      markdown: resourceMarkdown(resource, context),
      json: `${jsonText(json, 2)}\n`,
      corpusRecord: jsonText(record),
      paywall: paywallPages(resource, context),
      discovery: x402Discovery(resource, context),
    };
  }
  const meta = corpusMetaRecord('full', context);
  assertValid(context.registry, 'corpus-record', meta, 'full corpus meta record');
  const card = serverCard(context);
  return {
    site: { name: context.model.site.name, url: context.urls.base },
    negotiation: context.model.site.markdown_negotiation,
    x402: {
      network: context.model.site.x402.network,
      ...(context.model.site.x402.asset ? { asset: context.model.site.x402.asset } : {}),
      maxTimeoutSeconds: context.model.site.x402.max_timeout_seconds,
      transferMethods: context.model.site.x402.transfer_methods,
      meteredCorpus: context.model.site.x402.metered_corpus,
      reaccessDays: context.model.site.x402.reaccess_days,
    },
    mcp: {
      name: card.name as string,
      title: context.model.site.name,
      version: context.version,
      instructions: `${oneLine(context.model.site.name)}: ${oneLine(context.model.site.description)} Start with search or list_resources, read with get_resource or get_article. Premium resources need an access key (see get_access_info). Everything here is read-only.`,
      allowedOrigins: context.model.site.mcp.allowed_origins,
      card,
    },
    payment: paymentFacts(context),
    premium,
    fullCorpusMeta: jsonText(meta),
    readers: {
      record: context.model.site.analytics.record,
      retentionDays: context.model.site.analytics.retention_days,
      feedback: context.model.site.analytics.feedback,
      // Only a site that records readers carries the crawler list (about 130 KB).
      agents: context.model.site.analytics.record === 'off' ? [] : loadAgentPatterns(),
    },
  };
}

export const workerDataPath = 'worker/data/worker-data.json';

export function emitWorkerData(context: EmitContext): OutputFile[] {
  return [{ path: workerDataPath, content: `${jsonText(workerData(context), 2)}\n` }];
}
