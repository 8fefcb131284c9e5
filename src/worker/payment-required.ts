import { corpusLicenseRequiredBody, paymentRequiredBody } from '../shared/payment-bodies.js';
import type { PaymentFacts, PremiumPreview } from '../shared/worker-data.js';
import { jsonResponse } from './responses.js';

const noStore = { 'Cache-Control': 'no-store', Vary: 'Authorization, x-api-key' };

function link(relations: [string, string][]): string {
  return relations.map(([rel, url]) => `<${url}>; rel="${rel}"`).join(', ');
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
