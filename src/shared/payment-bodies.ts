// The JSON bodies of the 402 answers (schemas/payment-required.schema.json and
// corpus-license-required.schema.json): the worker sends them, MCP tools embed them, and the
// OpenAPI document shows one as its example, so they live where both halves can import them.
import { fullCorpusPath } from './routes.js';
import type { CorpusLicenseRequired, PaymentRequired } from '../schemas/types.js';
import type { PaymentFacts, PremiumPreview } from './worker-data.js';

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
