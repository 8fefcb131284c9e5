import { type EmitContext, premiumSlugs } from './context.js';
import { jsonFile, type OutputFile } from './output.js';
import type { Payment, Pricing } from '../schemas/types.js';
import { networkNamed, networks } from '../shared/x402-networks.js';
import {
  gatewayRails,
  meteredCorpusInWords,
  railsInWords,
  railsList,
  railsOffered,
  transferMethodList,
  transferMethodsInWords,
} from '../shared/x402-methods.js';
import { x402Headers, x402MetaKeys } from '../shared/x402-transport.js';

export const keyHeaders = ['Authorization: Bearer <API_KEY>', 'x-api-key: <API_KEY>'];

/** Retry instructions with a key: all a premium 402 says while the x402 gateway is dormant. */
export function howToPayWithKey(context: EmitContext): string {
  return `Buy an access key at ${context.model.site.pricing.payment_url}, then retry the request with the header \`Authorization: Bearer <API_KEY>\` (or \`x-api-key: <API_KEY>\`).`;
}

/** The per-fetch option; `{slug}` stands for the premium slug. The worker adds it only while the gateway is configured. */
export function howToPayPerFetch(context: EmitContext): string {
  return `Or pay per fetch with x402 at ${context.urls.x402('{slug}')}.`;
}

/** Both ways to pay, as the payment manifest lists them (a static file cannot know whether the gateway is configured). */
export function howToPay(context: EmitContext): string {
  return `${howToPayWithKey(context)} ${howToPayPerFetch(context)}`;
}

/** /api/pricing.json: the four paid tiers, the per-fetch x402 price first. */
export function pricingJson(context: EmitContext): Pricing {
  const { site } = context.model;
  const { urls } = context;
  const offered = railsOffered(site.x402);
  const perFetch: Pricing['tiers'][number] = {
    id: 'per-fetch',
    name: 'Pay per fetch (x402)',
    price: Number(site.pricing.price_usd),
    currency: 'USD',
    unit: 'fetch',
    method: 'x402',
    checkout_url: urls.payment,
    endpoint: urls.x402('{slug}'),
    rails: railsList(offered),
    deliverables: [
      'One premium resource as Markdown, paid in USDC with x402 in a header of the request itself (X-PAYMENT in version 1, PAYMENT-SIGNATURE in version 2)',
      `Or one get_resource call of the MCP server, paid in its _meta["${x402MetaKeys.payment}"] (x402 version 2)`,
      `How to pay: ${transferMethodsInWords(site.x402.transfer_methods)}`,
      ...(site.x402.metered_corpus ? [`Metered: ${meteredCorpusInWords(site.pricing.price_usd)}`] : []),
      ...railsInWords(offered).map((sentence) => `Also: ${sentence}`),
      'No account and no key',
    ],
    license_grant:
      'Read and use the fetched resource as input to an agent or model (ai-input); no training, no redistribution.',
  };
  const units = { starter: 'key', corpus: 'license', redistribution: 'license' } as const;
  return {
    site: site.name,
    url: urls.home,
    payment_url: site.pricing.payment_url,
    payment_manifest: urls.payment,
    license: urls.license,
    terms: urls.terms,
    premium: premiumSlugs(context.model),
    tiers: [
      perFetch,
      ...site.pricing.tiers.map((tier) => ({
        id: tier.id,
        name: tier.name,
        price: tier.price,
        currency: tier.currency,
        unit: units[tier.id],
        method: 'checkout' as const,
        checkout_url: tier.checkout_url ?? site.pricing.payment_url,
        deliverables: tier.deliverables,
        license_grant: tier.license_grant,
      })),
    ],
  };
}

/** /api/payment.json: the payment manifest that 402 answers and the pricing catalog point to. */
export function paymentJson(context: EmitContext): Payment {
  const { site } = context.model;
  const { urls } = context;
  const premium = premiumSlugs(context.model);
  const network = networkNamed(site.x402.network)!;
  const offered = railsOffered(site.x402);
  return {
    site: site.name,
    url: urls.home,
    premium,
    access: {
      headers: keyHeaders,
      how_to_pay: howToPay(context),
      gated_paths: [
        '/resources/{slug}',
        '/resources/{slug}.md',
        '/api/resources/{slug}.json',
        '/api/corpus.full.jsonl',
      ],
    },
    methods: [
      {
        type: 'checkout',
        url: site.pricing.payment_url,
        tiers: site.pricing.tiers.map((tier) => tier.id),
        delivery: site.pricing.delivery,
      },
      {
        type: 'x402',
        x402Versions: [
          {
            x402Version: 1,
            network,
            requirements: 'the JSON body of the 402',
            payment_header: x402Headers[1].payment,
            receipt_header: x402Headers[1].receipt,
          },
          {
            x402Version: 2,
            network: networks[network].caip2,
            requirements: `the ${x402Headers[2].required} header of the 402 (base64 of JSON)`,
            payment_header: x402Headers[2].payment,
            receipt_header: x402Headers[2].receipt,
          },
        ],
        scheme: 'exact',
        transfer_methods: transferMethodList(site.x402.transfer_methods),
        network: site.x402.network,
        ...(site.x402.asset ? { asset: site.x402.asset } : {}),
        endpoint: urls.x402('{slug}'),
        price_usd: site.pricing.price_usd,
        mime_type: 'text/markdown',
        resources: premium.map((slug) => urls.x402(slug)),
        status:
          'Answers 503 x402_not_configured until the operator configures a facilitator and a wallet; then 402 with payment requirements.',
        mcp: {
          x402Version: 2,
          endpoint: urls.mcp,
          tool: 'get_resource',
          payment_meta: x402MetaKeys.payment,
          receipt_meta: x402MetaKeys.receipt,
        },
        ...(site.x402.metered_corpus
          ? {
              metered: {
                scheme: 'upto' as const,
                tool: 'get_full_corpus',
                price_usd_per_premium_record: site.pricing.price_usd,
                description: meteredCorpusInWords(site.pricing.price_usd),
              },
            }
          : {}),
        ...(offered.mpp
          ? {
              mpp: {
                method: 'evm' as const,
                intent: 'charge' as const,
                challenge_header: 'WWW-Authenticate' as const,
                credential_header: 'Authorization' as const,
                receipt_header: 'Payment-Receipt' as const,
                description: gatewayRails.mpp,
              },
            }
          : {}),
        ...(offered.reaccessDays > 0
          ? {
              reaccess: {
                extension: 'sign-in-with-x' as const,
                header: 'sign-in-with-x' as const,
                days: offered.reaccessDays,
                description: gatewayRails.siwx,
              },
            }
          : {}),
      },
    ],
    pricing: urls.pricing,
    license: urls.license,
    terms: urls.terms,
  };
}

export function emitPricing(context: EmitContext): OutputFile[] {
  return [
    jsonFile(context.registry, 'public/api/pricing.json', pricingJson(context), 'pricing'),
    jsonFile(context.registry, 'public/api/payment.json', paymentJson(context), 'payment'),
  ];
}
