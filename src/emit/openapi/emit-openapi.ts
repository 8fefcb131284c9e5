import { paymentRequiredBody } from '../../shared/payment-bodies.js';
import type { EmitContext } from '../context.js';
import type { OutputFile } from '../output.js';
import { jsonToYaml } from '../../util/json-yaml.js';
import { paymentFacts } from '../worker-data.js';
import { apiCatalog } from './api-catalog.js';
import { checkOpenApiDocument } from './check-document.js';
import { openApiDocument } from './document.js';
import { jsonText } from '../../util/json-text.js';

/**
 * The 402 example: what the worker answers for the site's first premium resource, as a deployment
 * answers until its x402 gateway is configured. Its H2 headings stay out: the preview is the
 * worker's to give, and nothing under public/ may carry premium text.
 */
function paymentRequiredExample(context: EmitContext): unknown {
  const premium = context.model.resources.find((resource) => resource.premium);
  const preview = {
    title: premium?.title ?? 'A premium resource',
    description: premium?.description ?? 'Its one-line description.',
    sections: ['<the H2 headings of the resource, in order>'],
  };
  return paymentRequiredBody(premium?.slug ?? 'premium-resource', preview, paymentFacts(context), false);
}

/** /openapi.json and /openapi.yaml, checked before they are written, and the RFC 9727 API catalog. */
export function emitOpenApi(context: EmitContext): OutputFile[] {
  const document = openApiDocument(context, { paymentRequired: paymentRequiredExample(context) });
  checkOpenApiDocument('public/openapi.json', document);
  return [
    { path: 'public/openapi.json', content: `${jsonText(document, 2)}\n` },
    { path: 'public/openapi.yaml', content: jsonToYaml(document) },
    { path: 'public/.well-known/api-catalog', content: `${jsonText(apiCatalog(context), 2)}\n` },
  ];
}
