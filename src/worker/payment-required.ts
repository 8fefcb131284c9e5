import { fullCorpusPath } from '../shared/routes.js';
import type { CorpusLicenseRequired, PaymentRequired } from '../schemas/types.js';
import type { PaymentFacts, PremiumPreview } from '../shared/worker-data.js';
import { jsonResponse } from './responses.js';

const noStore = { 'Cache-Control': 'no-store', Vary: 'Authorization, x-api-key' };

function link(relations: [string, string][]): string {
  return relations.map(([rel, url]) => `<${url}>; rel="${rel}"`).join(', ');
}

/**
 * The retry instructions for one premium slug: with a key, and pay per fetch only while the x402
 * gateway is configured (`gatewayConfigured`), since a dormant one answers 503 to whoever follows it.
 */
export function howToPayFor(payment: PaymentFacts, slug: string, perFetch: boolean): string {
  return perFetch
    ? `${payment.how_to_pay} ${payment.how_to_pay_per_fetch.replaceAll('{slug}', slug)}`
    : payment.how_to_pay;
}

/** The body of a premium-resource 402 (schemas/payment-required.schema.json): exactly these nine fields. */
export function paymentRequiredBody(
  slug: string,
  preview: PremiumPreview,
  payment: PaymentFacts,
  perFetch: boolean,
): PaymentRequired {
  return {
    error: 'payment_required',
    resource: slug,
    price_usd: payment.price_usd,
    payment_url: payment.payment_url,
    how_to_pay: howToPayFor(payment, slug, perFetch),
    terms: payment.terms,
    license: payment.license,
    pricing_catalog: payment.pricing_catalog,
    preview: { title: preview.title, description: preview.description, sections: preview.sections },
  };
}

/** How one 402 answers its caller: whether to offer pay per fetch, and the `WWW-Authenticate` challenge (`bearerChallenge`). */
export interface PaymentAnswer {
  perFetch: boolean;
  challenge: string;
}

export function paymentRequired(
  slug: string,
  preview: PremiumPreview,
  payment: PaymentFacts,
  { perFetch, challenge }: PaymentAnswer,
): Response {
  return jsonResponse(402, paymentRequiredBody(slug, preview, payment, perFetch), {
    ...noStore,
    'WWW-Authenticate': challenge,
    Link: link([
      ['payment', payment.payment_url],
      ['license', payment.license],
      ['pricing', payment.pricing_catalog],
    ]),
  });
}

/** The body of the corpus-license 402 (schemas/corpus-license-required.schema.json). */
export function corpusLicenseRequiredBody(payment: PaymentFacts): CorpusLicenseRequired {
  return {
    error: 'payment_required',
    resource: fullCorpusPath,
    description:
      'The full corpus export (every resource body, premium included) needs a key of the corpus license or the redistribution tier. The free sample withholds premium bodies.',
    free_sample: payment.free_sample,
    pricing_catalog: payment.pricing_catalog,
    payment_url: payment.payment_url,
    how_to_pay: payment.how_to_pay_corpus,
    terms: payment.terms,
    license: payment.license,
  };
}

export function corpusLicenseRequired(payment: PaymentFacts, challenge: string): Response {
  return jsonResponse(402, corpusLicenseRequiredBody(payment), {
    ...noStore,
    'WWW-Authenticate': challenge,
    Link: link([
      ['payment', payment.payment_url],
      ['payment-manifest', payment.payment_manifest],
      ['pricing', payment.pricing_catalog],
      ['license', payment.license],
      ['mcp-server', payment.mcp_server],
    ]),
  });
}
