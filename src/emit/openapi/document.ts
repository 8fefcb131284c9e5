import type { EmitContext } from '../context.js';
import { oneLine } from '../../util/text.js';
import { apiOperations } from './operations.js';
import { railsOffered } from '../../shared/x402-methods.js';
import { componentName, referencedSchemas, schemaComponents } from './schema-components.js';

export const openApiVersion = '3.1.0';
/** The version of the interface this compiler implements; a breaking change to any operation bumps it. */
export const interfaceVersion = '1.0.0';

export interface OpenApiExamples {
  /** A premium-resource 402 body as the worker answers it for this site. */
  paymentRequired: unknown;
}

const tagDescriptions: Record<string, string> = {
  Resources: 'Reference resources; premium ones need an access key.',
  Articles: 'Guides, free to read.',
  Corpus: 'Bulk exports for retrieval and fine-tuning.',
  Discovery: 'Indexes and files agents start from.',
  Payment: 'Prices, the payment manifest and pay-per-fetch with x402.',
  Grader: 'Agent-readiness grading of any site.',
  MCP: 'The Model Context Protocol server.',
};

/** The OpenAPI 3.1 description of everything this site answers, with the site's own base URL and prices. */
export function openApiDocument(context: EmitContext, examples: OpenApiExamples): Record<string, unknown> {
  const { model, urls, registry } = context;
  const { site } = model;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { method, path, operation } of apiOperations(context, examples)) {
    // `security: []` says an operation needs no credentials; only the gated ones name the key schemes.
    paths[path] = { ...paths[path], [method]: { ...operation, security: operation.security ?? [] } };
  }
  const used = new Set(JSON.stringify(paths).match(/#\/components\/schemas\/[A-Za-z0-9]+/g) ?? []);
  const roots = registry.names().filter((name) => used.has(`#/components/schemas/${componentName(name)}`));
  return {
    openapi: openApiVersion,
    info: {
      title: `${site.name} API`,
      version: interfaceVersion,
      description: `${oneLine(site.description)}\n\nEvery operation is a static file except the premium variants, the full corpus, x402, the grader and the MCP server, which the site's worker answers.`,
      contact: {
        name: site.publisher.name,
        ...(site.publisher.url ? { url: site.publisher.url } : {}),
        ...(site.publisher.email ? { email: site.publisher.email } : {}),
      },
      license: { name: `${site.name} content license (RSL)`, url: urls.license },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: urls.base, description: site.name }],
    externalDocs: { description: 'llms.txt: every document of the site, for agents', url: urls.llmsTxt },
    tags: Object.entries(tagDescriptions).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: schemaComponents(registry, referencedSchemas(registry, roots)),
      securitySchemes: {
        bearerKey: {
          type: 'http',
          scheme: 'bearer',
          description: `An access key from ${site.pricing.payment_url}, as \`Authorization: Bearer <key>\`.`,
        },
        apiKeyHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description: 'The same key in the `x-api-key` header, checked when no bearer key is sent.',
        },
        ...(railsOffered(site.x402).mpp
          ? {
              mppPayment: {
                type: 'http',
                scheme: 'Payment',
                description:
                  'A Machine Payments Protocol credential for the `evm` `charge` of a 402 from /api/x402/{slug}, as `Authorization: Payment <credential>`: it echoes the `WWW-Authenticate: Payment` challenge and signs its EIP-3009 authorization.',
              },
            }
          : {}),
      },
    },
  };
}
