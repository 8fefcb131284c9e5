import type { SchemaName } from '../../schemas/registry.js';
import type { EmitContext } from '../context.js';
import { llmsLayout } from '../llms-txt.js';
import { mcpRegistrySchemaId } from '../helpers/mcp-registry-schema.js';
import { componentName, componentRef } from './schema-components.js';
import { railsInWords, railsOffered, transferMethodsInWords } from '../../shared/x402-methods.js';

/** One operation of the interface: where it is, and its OpenAPI Operation Object. */
export interface ApiOperation {
  method: 'get' | 'post';
  path: string;
  operation: Record<string, unknown>;
}

type Content = Record<string, Record<string, unknown>>;

const json = (schema: SchemaName, example?: unknown): Content => ({
  'application/json': { schema: componentRef(schema), ...(example === undefined ? {} : { example }) },
});
const text = (type: string, description: string): Content => ({ [type]: { schema: { type: 'string', description } } });
/**
 * NDJSON: the body is text, one JSON record per line. OpenAPI 3.1 has no keyword for the schema of
 * each line (3.2 adds `itemSchema`); its media type registry models sequential JSON as if the lines
 * were a JSON array, so `schema` says that, and `x-itemSchema` names the record under 3.2's name.
 */
const ndjson = (record: SchemaName): Content => ({
  'application/x-ndjson': {
    schema: {
      type: 'array',
      description: 'One JSON record per line, not a JSON array: each line is one item.',
      items: componentRef(record),
    },
    'x-itemSchema': componentRef(record),
  },
});

const response = (description: string, content?: Content, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  ...(content ? { content } : {}),
});

const notFoundPage = response(
  "Nothing is published at this path: the site's 404 page.",
  text('text/html', 'The 404 page.'),
);
const jsonError = (description: string, error: string, message: string) =>
  response(description, json('error', { error, message }));

const slugParameter = (description: string) => ({
  name: 'slug',
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
});
const resourceSlug = slugParameter('A resource slug from /api/resources.json.');
const articleSlug = slugParameter('An article slug from /api/articles.json.');

/** A key is needed for premium slugs only: `{}` says a request without one is also described. */
const premiumKey = [{}, { bearerKey: [] }, { apiKeyHeader: [] }];
const corpusKey = [{ bearerKey: [] }, { apiKeyHeader: [] }];

const cacheControl = { description: 'Always `no-store`: a 402 is never cached.', schema: { type: 'string' } };
const bearerChallenge = {
  description:
    'RFC 6750 section 3: `Bearer realm="<site URL>"` when no key was sent; with `error="invalid_token"` when the key is unknown, malformed or revoked, or `error="insufficient_scope"` when a valid key\'s tier does not open the resource (a starter key on the full corpus export). An `error_description` says the same in words.',
  schema: { type: 'string' },
};
const paymentLinks = {
  description: 'RFC 8288 links with the relations `payment`, `license` and `pricing`.',
  schema: { type: 'string' },
};

/**
 * An answer open to anyone. Every build writes these files; the 404 is what a host answers where one
 * is missing (an upload that left it out, or a worker route on a host without the worker).
 */
function free(summary: string, tag: string, operationId: string, content: Content, description?: string) {
  return {
    operationId,
    summary,
    ...(description ? { description } : {}),
    tags: [tag],
    responses: { '200': response(summary, content), '404': notFoundPage },
  };
}

/** The 402 of a gated URL: JSON for agents, the paywall page for a browser. */
function premiumPaymentRequired(example: unknown) {
  return response(
    'Premium slug without a valid key. Agents get the JSON body; a browser (an Accept that prefers text/html) gets the paywall page.',
    {
      ...json('payment-required', example),
      ...text('text/html', 'The paywall page: preview, prices, how to use a key.'),
    },
    { 'Cache-Control': cacheControl, Link: paymentLinks, 'WWW-Authenticate': bearerChallenge },
  );
}

function gatedVariant(
  termsPage: { description: string; url: string },
  operationId: string,
  path: string,
  summary: string,
  ok: Content,
  keyHelp: string,
  example: unknown,
): ApiOperation {
  return {
    method: 'get',
    path,
    operation: {
      operationId,
      summary,
      description: `Free resources answer to anyone. A premium slug needs an access key: ${keyHelp}`,
      tags: ['Resources'],
      externalDocs: termsPage,
      parameters: [resourceSlug],
      security: premiumKey,
      responses: { '200': response(summary, ok), '402': premiumPaymentRequired(example), '404': notFoundPage },
    },
  };
}

/** The files of an llms.txt split by size: present only on a site whose llms.txt is an index. */
function llmsSectionOperations(): ApiOperation[] {
  const section = {
    name: 'section',
    in: 'path',
    required: true,
    description: 'A section id, as linked from /llms.txt.',
    schema: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*(--[0-9]+)?$' },
  };
  const operation = (operationId: string, summary: string, description: string) => ({
    operationId,
    summary,
    tags: ['Discovery'],
    parameters: [section],
    responses: { '200': response(summary, text('text/plain', description)), '404': notFoundPage },
  });
  return [
    {
      method: 'get',
      path: '/llms/{section}.txt',
      operation: operation(
        'getLlmsSection',
        'Get one section of the llms.txt index',
        'An llms.txt of its own: the links of one section, within the size of the root file.',
      ),
    },
    {
      method: 'get',
      path: '/llms-full/{section}.txt',
      operation: operation(
        'getLlmsFullSection',
        'Get the full text of one llms.txt section',
        'Every body the section file lists; premium resources as summaries.',
      ),
    },
  ];
}

/** Agent skills (README: Agent skills): present unless site.yaml turns `discovery.skills` off. */
function skillOperations(): ApiOperation[] {
  const name = {
    name: 'name',
    in: 'path',
    required: true,
    description: 'A skill name, as the skills index lists it.',
    schema: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 64 },
  };
  const get = (path: string, operation: Record<string, unknown>): ApiOperation => ({ method: 'get', path, operation });
  const skillMd = text(
    'text/markdown',
    'The SKILL.md: YAML front matter (`name`, `description`), then Markdown instructions.',
  );
  return [
    get(
      '/.well-known/agent-skills/index.json',
      free(
        'Get the agent skills index',
        'Discovery',
        'getAgentSkillsIndex',
        json('agent-skills-index'),
        'Every skill of the site in the Agent Skills Discovery v0.2.0 index: its name, its artifact (a SKILL.md, or a .tar.gz of a skill with more files) relative to this index, and the sha256 digest of the bytes served there.',
      ),
    ),
    get('/.well-known/agent-skills/{name}/SKILL.md', {
      ...free(
        'Get a skill',
        'Discovery',
        'getAgentSkill',
        skillMd,
        'The other files of a skill are beside it, by the paths /.well-known/skills/index.json lists.',
      ),
      parameters: [name],
    }),
    get('/.well-known/agent-skills/{name}.tar.gz', {
      ...free(
        'Get a skill with its files, as an archive',
        'Discovery',
        'getAgentSkillArchive',
        {
          'application/gzip': {
            schema: {
              type: 'string',
              contentMediaType: 'application/gzip',
              description: 'A gzip-compressed tar of the skill folder, SKILL.md at its root.',
            },
          },
        },
        'Only for a skill of more than one file (`type: archive` in the index).',
      ),
      parameters: [name],
    }),
    get(
      '/.well-known/skills/index.json',
      free(
        'Get the agent skills index (v0.1.0)',
        'Discovery',
        'getLegacySkillsIndex',
        json('legacy-skills-index'),
        'The same skills in the Agent Skills Discovery v0.1.0 index, for the clients that read only that: each skill with the paths of its files under /.well-known/skills/<name>/.',
      ),
    ),
    get('/.well-known/skills/{name}/SKILL.md', {
      ...free('Get a skill (v0.1.0 location)', 'Discovery', 'getLegacySkill', skillMd),
      parameters: [name],
    }),
  ];
}

/**
 * A listing page with a Markdown twin: the HTML page (negotiated when the site turns that on) and its
 * `.md` (`<path>.md` unless `markdownPath` says otherwise). A page without a parameter is always there.
 */
function pageAndMarkdown(
  negotiation: boolean,
  page: {
    path: string;
    markdownPath?: string;
    tag: string;
    noun: string;
    parameter?: Record<string, unknown>;
    pageId: string;
    markdownId: string;
    markdownSummary: string;
  },
): ApiOperation[] {
  const htmlSummary = `Get ${page.noun} as an HTML page`;
  const parameters = page.parameter ? { parameters: [page.parameter] } : {};
  // An unknown slug, or (as for every static file) a page an upload left out.
  const notFound = { '404': notFoundPage };
  return [
    {
      method: 'get',
      path: page.path,
      operation: {
        operationId: page.pageId,
        summary: htmlSummary,
        tags: [page.tag],
        ...parameters,
        responses: {
          '200': response(htmlSummary, {
            ...text('text/html', 'The page.'),
            ...(negotiation
              ? text('text/markdown', 'The Markdown variant, for a request that prefers text/markdown.')
              : {}),
          }),
          ...notFound,
        },
      },
    },
    {
      method: 'get',
      path: page.markdownPath ?? `${page.path}.md`,
      operation: {
        operationId: page.markdownId,
        summary: page.markdownSummary,
        tags: [page.tag],
        ...parameters,
        responses: {
          '200': response(
            page.markdownSummary,
            text('text/markdown', 'Title, description, then each document as an absolute .md link.'),
          ),
          ...notFound,
        },
      },
    },
  ];
}

/** Every operation a built site answers, statically or through the worker, with the site's own facts. */
export function apiOperations(context: EmitContext, examples: { paymentRequired: unknown }): ApiOperation[] {
  const { site } = context.model;
  const { discovery } = site;
  const starter = site.pricing.tiers.find((tier) => tier.id === 'starter') ?? site.pricing.tiers[0];
  const corpusTier = site.pricing.tiers.find((tier) => tier.id === 'corpus');
  const price = (tier: typeof starter) => (tier ? `${tier.price} ${tier.currency}` : 'see /api/pricing.json');
  const keyHelp = `one key (${price(starter)}, from ${site.pricing.payment_url}) opens every premium resource; send it as \`Authorization: Bearer <key>\` or \`x-api-key: <key>\`. Without a key, pay per fetch (${site.pricing.price_usd} USD) at /api/x402/{slug}.`;
  const paymentRequired = examples.paymentRequired;
  // The rails beside x402 that site.yaml offers: each adds its headers to /api/x402/{slug}.
  const rails = railsOffered(site.x402);
  const get = (path: string, operation: Record<string, unknown>): ApiOperation => ({ method: 'get', path, operation });
  const freeSlug = context.model.resources.find((resource) => !resource.premium)?.slug ?? 'a-free-resource';
  const termsPage = {
    description: 'Access and pricing: keys, licenses, pay per fetch',
    url: context.urls.resourceHtml('access-and-pricing'),
  };

  return [
    get('/api/resources.json', free('List every resource', 'Resources', 'listResources', json('resource-index'))),
    gatedVariant(
      termsPage,
      'getResourceJson',
      '/api/resources/{slug}.json',
      'Get one resource as JSON',
      json('resource'),
      keyHelp,
      paymentRequired,
    ),
    gatedVariant(
      termsPage,
      'getResourceMarkdown',
      '/resources/{slug}.md',
      'Get one resource as Markdown',
      text('text/markdown', 'The resource with YAML front matter.'),
      keyHelp,
      paymentRequired,
    ),
    gatedVariant(
      termsPage,
      'getResourcePage',
      '/resources/{slug}',
      'Get one resource as an HTML page',
      {
        ...text('text/html', 'The page.'),
        ...(site.markdown_negotiation
          ? text('text/markdown', 'The Markdown variant, for a request that prefers text/markdown.')
          : {}),
      },
      keyHelp,
      paymentRequired,
    ),
    get('/api/articles.json', free('List every guide', 'Articles', 'listArticles', json('article-index'))),
    get(
      '/api/articles.jsonl',
      free(
        'Export every guide as NDJSON',
        'Articles',
        'exportArticles',
        ndjson('article'),
        'One record per guide with metadata, token estimates, rights, takeaways, FAQ and the full Markdown body.',
      ),
    ),
    get('/api/articles/{slug}.json', {
      ...free('Get one guide as JSON', 'Articles', 'getArticleJson', json('article')),
      parameters: [articleSlug],
      responses: { '200': response('Get one guide as JSON', json('article')), '404': notFoundPage },
    }),
    get('/articles/{slug}.md', {
      ...free('Get one guide as Markdown', 'Articles', 'getArticleMarkdown', {}),
      parameters: [articleSlug],
      responses: {
        '200': response('Get one guide as Markdown', text('text/markdown', 'The guide with YAML front matter.')),
        '404': notFoundPage,
      },
    }),
    get('/articles/{slug}', {
      ...free('Get one guide as an HTML page', 'Articles', 'getArticlePage', {}),
      parameters: [articleSlug],
      responses: {
        '200': response('Get one guide as an HTML page', {
          ...text('text/html', 'The page.'),
          ...(site.markdown_negotiation
            ? text('text/markdown', 'The Markdown variant, for a request that prefers text/markdown.')
            : {}),
        }),
        '404': notFoundPage,
      },
    }),
    // The preview pages are static files: the worker does not negotiate them.
    ...pageAndMarkdown(false, {
      path: '/resources/{slug}/preview',
      tag: 'Resources',
      noun: 'the public preview of a premium resource',
      parameter: slugParameter('A premium resource slug.'),
      pageId: 'getPremiumPreview',
      markdownId: 'getPremiumPreviewMarkdown',
      markdownSummary: 'Get the public preview of a premium resource as Markdown',
    }),
    ...pageAndMarkdown(site.markdown_negotiation, {
      path: '/guides/{slug}',
      tag: 'Articles',
      noun: 'a guide cluster',
      parameter: slugParameter('A cluster id from /api/articles.json.'),
      pageId: 'getGuidePage',
      markdownId: 'getGuideMarkdown',
      markdownSummary: 'Get a guide cluster as Markdown: its guides in reading order',
    }),
    ...pageAndMarkdown(site.markdown_negotiation, {
      path: '/paths/{slug}',
      tag: 'Discovery',
      noun: 'a learning path',
      parameter: slugParameter('A learning path id from /api/paths.json.'),
      pageId: 'getLearningPathPage',
      markdownId: 'getLearningPathMarkdown',
      markdownSummary: 'Get a learning path as Markdown: its resources in reading order',
    }),
    ...pageAndMarkdown(site.markdown_negotiation, {
      path: '/',
      markdownPath: '/index.md',
      tag: 'Discovery',
      noun: 'the home page',
      pageId: 'getHomePage',
      markdownId: 'getHomeMarkdown',
      markdownSummary: 'Get the home page as Markdown: what it lists, and the discovery files',
    }),
    get('/api/search-index.json', free('Get the search index', 'Discovery', 'getSearchIndex', json('search-index'))),
    get(
      '/api/corpus.json',
      free(
        'Get the free corpus as one JSON document',
        'Corpus',
        'getCorpus',
        json('corpus'),
        'Every resource with its metadata and Markdown body; premium bodies are null with a `premium_summary`.',
      ),
    ),
    get(
      '/api/corpus.jsonl',
      free(
        'Export the free corpus as NDJSON',
        'Corpus',
        'exportCorpusSample',
        ndjson('corpus-record'),
        'A meta record first, then one record per resource; premium `text` is null with a `premium_summary`.',
      ),
    ),
    get(
      '/api/corpus.schema.json',
      free('Get the JSON Schema of the corpus records', 'Corpus', 'getCorpusSchema', {
        'application/json': { schema: { type: 'object', description: 'A JSON Schema (draft 2020-12).' } },
      }),
    ),
    get('/api/corpus.full.jsonl', {
      operationId: 'exportFullCorpus',
      summary: 'Export the full corpus, every body included',
      description: `Needs a key of the corpus license (${price(corpusTier)}) or the redistribution tier, sent as \`Authorization: Bearer <key>\` or \`x-api-key: <key>\`.`,
      tags: ['Corpus'],
      externalDocs: termsPage,
      security: corpusKey,
      responses: {
        '200': response('Every record, `text` never null.', ndjson('corpus-record')),
        '402': response('No key of the corpus or redistribution tier.', json('corpus-license-required'), {
          'Cache-Control': cacheControl,
          'WWW-Authenticate': bearerChallenge,
          Link: {
            description: 'Relations `payment`, `payment-manifest`, `pricing`, `license` and `mcp-server`.',
            schema: { type: 'string' },
          },
        }),
      },
    }),
    get(
      '/api/finetune-sample.jsonl',
      free('Export the fine-tuning sample', 'Corpus', 'exportFinetuneSample', ndjson('finetune-record')),
    ),
    get(
      '/api/evals-sample.jsonl',
      free('Export the evaluation sample', 'Corpus', 'exportEvalsSample', ndjson('evals-record')),
    ),
    get(
      '/api/categories.json',
      free('List categories and their resources', 'Discovery', 'listCategories', json('categories')),
    ),
    get('/api/tags.json', free('List tags and their resources', 'Discovery', 'listTags', json('tags'))),
    get('/api/paths.json', free('List the curated reading paths', 'Discovery', 'listPaths', json('paths-index'))),
    get('/api/pricing.json', free('Get the pricing catalog', 'Payment', 'getPricing', json('pricing'))),
    get('/api/payment.json', free('Get the payment manifest', 'Payment', 'getPaymentManifest', json('payment'))),
    get('/api/x402/{slug}', {
      ...(rails.mpp ? { security: [{}, { mppPayment: [] }] } : {}),
      operationId: 'payPerFetch',
      summary: 'Pay for one fetch of a premium resource with x402',
      description: `x402 versions 1 and 2 (the x402 specification and its HTTP transport). Without a payment the answer is 402 with the payment requirements of both versions (${site.pricing.price_usd} USD in USDC on ${site.x402.network} by default): version 1 in the JSON body, version 2 in the \`PAYMENT-REQUIRED\` header, each with the discovery metadata x402 Bazaar catalogs read (\`outputSchema\`; \`extensions.bazaar\` and \`resource.tags\`); ${[transferMethodsInWords(site.x402.transfer_methods), ...railsInWords(rails)].join('; ')}. Retry with \`X-PAYMENT\` (version 1) or \`PAYMENT-SIGNATURE\` (version 2) to get the Markdown and the receipt in \`X-PAYMENT-RESPONSE\` or \`PAYMENT-RESPONSE\`. Nothing is served unless the facilitator verified and settled the payment. Answers 503 until the operator configures a facilitator and a wallet. Any origin may call it (CORS, with a preflight for the payment headers).`,
      tags: ['Payment'],
      externalDocs: termsPage,
      parameters: [
        slugParameter('A premium resource slug.'),
        {
          name: 'X-PAYMENT',
          in: 'header',
          required: false,
          description: 'x402 version 1: base64 of an `exact` PaymentPayload. Send this or PAYMENT-SIGNATURE, not both.',
          schema: { type: 'string', maxLength: 8192 },
        },
        {
          name: 'PAYMENT-SIGNATURE',
          in: 'header',
          required: false,
          description:
            'x402 version 2: base64 of a PaymentPayload whose `accepted` is the offer of PAYMENT-REQUIRED, unchanged. Send this or X-PAYMENT, not both.',
          schema: { type: 'string', maxLength: 8192 },
        },
        ...(rails.reaccessDays > 0
          ? [
              {
                name: 'sign-in-with-x',
                in: 'header',
                required: false,
                description: `Sign-In-With-X: base64 of the JSON proof of a wallet that paid for this resource in the last ${rails.reaccessDays} days, made from the \`sign-in-with-x\` extension of PAYMENT-REQUIRED (an EIP-4361 message, signed with EIP-191). The resource is served without paying; a proof that fails its checks answers 402 saying why.`,
                schema: { type: 'string', maxLength: 8192 },
              },
            ]
          : []),
      ],
      responses: {
        '200': response('Paid: the resource as Markdown.', text('text/markdown', 'The resource.'), {
          'X-PAYMENT-RESPONSE': {
            description: 'Paid with X-PAYMENT (version 1): base64 of the settlement receipt.',
            schema: { type: 'string' },
          },
          'PAYMENT-RESPONSE': {
            description:
              'Paid with PAYMENT-SIGNATURE (version 2): base64 of the settlement receipt (`success`, `transaction`, `network`, `payer`).',
            schema: { type: 'string' },
          },
          ...(rails.mpp
            ? {
                'Payment-Receipt': {
                  description:
                    'Paid with `Authorization: Payment` (a Machine Payments Protocol `evm` charge): base64url of the JSON receipt of the settled charge.',
                  schema: { type: 'string' },
                },
              }
            : {}),
        }),
        '400': jsonError(
          'The slug is a free resource (`free_resource`: read it without paying), or the request carries both payment headers (`ambiguous_payment`) or one over 8 KB (`payment_header_too_large`).',
          'free_resource',
          `\`${freeSlug}\` is a free resource: read it at ${context.urls.resourceMarkdown(freeSlug)} without paying.`,
        ),
        '402': response(
          'Payment required, or the payment was refused (the reason is `error` in both versions).',
          json('x402-payment-required'),
          {
            'PAYMENT-REQUIRED': {
              description: `x402 version 2: base64 of the JSON of ${componentName('x402-payment-required-v2')}.`,
              schema: {
                type: 'string',
                contentEncoding: 'base64',
                contentMediaType: 'application/json',
                contentSchema: componentRef('x402-payment-required-v2'),
              },
            },
            ...(rails.mpp
              ? {
                  'WWW-Authenticate': {
                    description:
                      'The Machine Payments Protocol challenge: `Payment` with an `evm` `charge` of the same amount, token and wallet as the EIP-3009 offer (`id`, `realm`, `method`, `intent`, `request`, `expires`, `opaque`). Answer it with `Authorization: Payment <credential>`.',
                    schema: { type: 'string' },
                  },
                }
              : {}),
          },
        ),
        '404': jsonError('No premium resource has this slug.', 'not_found', 'No premium resource `no-such-slug`.'),
        '502': jsonError(
          'The facilitator did not answer.',
          'facilitator_error',
          'The facilitator did not answer (timed out).',
        ),
        '503': jsonError(
          'The gateway is not configured (`x402_not_configured`).',
          'x402_not_configured',
          'The operator has not configured a facilitator (X402_FACILITATOR_URL) and a wallet (X402_PAY_TO).',
        ),
      },
    }),
    {
      method: 'post',
      path: '/api/grader',
      operation: {
        operationId: 'gradeSite',
        summary: 'Grade a site for agent readiness',
        description:
          'Fetches robots.txt, llms.txt, the sitemap, the home page, license.xml and Markdown variants of the given site and scores them.',
        tags: ['Grader'],
        requestBody: { required: true, content: json('grader-request', { url: context.urls.home }) },
        responses: {
          '200': response('The report.', json('grader-report')),
          '400': jsonError(
            'The body is not JSON, has no `url`, or names an address that may not be graded.',
            'missing_url',
            'The body needs `url`: the absolute http(s) URL of the site to grade.',
          ),
          '413': jsonError(
            'The body is larger than 10,000 bytes.',
            'body_too_large',
            'The body is larger than 10000 bytes.',
          ),
        },
      },
    },
    ...(context.model.site.analytics.feedback
      ? [
          {
            method: 'post' as const,
            path: '/api/feedback',
            operation: {
              operationId: 'sendFeedback',
              summary: 'Say whether a page helped',
              description:
                "An agent (or anyone) tells the publisher whether a page of this site helped, with an optional comment. Stored in the site's readers database; at most 20 messages per reader an hour.",
              tags: ['Feedback'],
              requestBody: {
                required: true,
                content: json('feedback-request', {
                  page: context.urls.home,
                  rating: 'helpful',
                  comment: 'Answered my question.',
                }),
              },
              responses: {
                '201': response('Stored.', json('feedback-receipt')),
                '202': response('Received, but the database could not store it now.', json('feedback-receipt')),
                '400': jsonError('The body is not JSON.', 'invalid_json', 'The body must be JSON.'),
                '413': jsonError(
                  'The body is larger than 16 KiB.',
                  'body_too_large',
                  'The body is larger than 16384 bytes.',
                ),
                '415': jsonError(
                  'The body is not application/json.',
                  'unsupported_media_type',
                  'Send the feedback as Content-Type: application/json.',
                ),
                '422': jsonError(
                  'A field is unknown, missing or wrong; the message names it.',
                  'invalid_field',
                  '`score` must be an integer from 1 to 5.',
                ),
                '429': {
                  ...jsonError(
                    'This reader sent too many feedback messages in the last hour.',
                    'too_many_requests',
                    'Send more after the number of seconds in Retry-After.',
                  ),
                  headers: {
                    'Retry-After': {
                      description: 'Seconds to wait before sending again.',
                      schema: { type: 'integer' },
                    },
                  },
                },
              },
            },
          },
        ]
      : []),
    {
      method: 'post',
      path: '/mcp',
      operation: {
        operationId: 'mcp',
        summary: 'Model Context Protocol server (JSON-RPC over Streamable HTTP)',
        description:
          'A stateless MCP server: POST one JSON-RPC 2.0 message (or a batch under protocol 2025-03-26) with `Accept: application/json`. Tools, resources and prompts are listed by the protocol itself; the server card at /.well-known/mcp/server-card.json describes them. No authentication.',
        tags: ['MCP'],
        externalDocs: { description: 'The MCP server card', url: context.urls.serverCard },
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { description: 'A JSON-RPC 2.0 message or batch.' } } },
        },
        responses: {
          '200': response('The JSON-RPC response.', {
            'application/json': { schema: { description: 'A JSON-RPC 2.0 response or batch of responses.' } },
          }),
          '202': response('A notification or response was accepted; nothing to answer.'),
          '400': response('Not a JSON-RPC request.', { 'application/json': { schema: jsonRpcError } }),
          '403': response('The Origin header names a site that may not call this server.', {
            'application/json': { schema: jsonRpcError },
          }),
          '406': response('Accept does not list application/json.', { 'application/json': { schema: jsonRpcError } }),
          '413': response('The message is too large.', { 'application/json': { schema: jsonRpcError } }),
          '415': response('The body is not application/json.', { 'application/json': { schema: jsonRpcError } }),
          '503': response(
            'Busy: the server is making or sending as many answers as it holds at once, and ran nothing of the request. Send it again after `Retry-After`.',
            { 'application/json': { schema: jsonRpcError } },
            { 'Retry-After': { description: 'Seconds to wait before sending again.', schema: { type: 'integer' } } },
          ),
        },
      },
    },
    get(
      '/mcp/server-card',
      free('Get the MCP server card', 'MCP', 'getMcpServerCard', {
        ...json('server-card'),
        // The card's own media type, for a client that asks for it.
        'application/mcp-server-card+json': { schema: componentRef('server-card') },
      }),
    ),
    get(
      '/.well-known/mcp/server-card.json',
      free('Get the MCP server card (static copy)', 'MCP', 'getStaticMcpServerCard', json('server-card')),
    ),
    get(
      '/.well-known/mcp/catalog.json',
      free(
        'Get the MCP catalog',
        'MCP',
        'getMcpCatalog',
        json('ard-manifest'),
        'The ARD manifest reduced to the MCP server.',
      ),
    ),
    ...(discovery.mcp_install
      ? [
          get(
            '/.well-known/mcp/server.json',
            free(
              "Get the MCP registry's server.json",
              'MCP',
              'getMcpRegistryServer',
              {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['$schema', 'name', 'description', 'version', 'remotes'],
                    properties: {
                      $schema: { type: 'string', const: mcpRegistrySchemaId },
                      name: {
                        type: 'string',
                        description: 'Reverse-DNS name: the site host reversed, then `/directory`.',
                      },
                      title: { type: 'string' },
                      description: { type: 'string', maxLength: 100 },
                      version: { type: 'string' },
                      websiteUrl: { type: 'string', format: 'uri' },
                      remotes: {
                        type: 'array',
                        items: {
                          type: 'object',
                          required: ['type', 'url'],
                          properties: { type: { const: 'streamable-http' }, url: { type: 'string', format: 'uri' } },
                        },
                      },
                    },
                    description: `The MCP server as the MCP registry describes a remote Streamable HTTP server, valid against ${mcpRegistrySchemaId}.`,
                  },
                },
              },
              'Checked against the registry schema at build time.',
            ),
          ),
        ]
      : []),
    ...(discovery.ard
      ? [
          get(
            '/.well-known/ard.json',
            free(
              'Get the ARD manifest',
              'Discovery',
              'getArdManifest',
              json('ard-manifest'),
              'Agentic Resource Discovery: every catalog entry of the site, each with representative queries.',
            ),
          ),
          get(
            '/.well-known/ai-catalog.json',
            free(
              'Get the ARD manifest at its earlier path',
              'Discovery',
              'getAiCatalog',
              json('ard-manifest'),
              'The same bytes as /.well-known/ard.json.',
            ),
          ),
        ]
      : []),
    ...(discovery.agent_card
      ? [
          get(
            '/.well-known/agent-card.json',
            free(
              'Get the A2A agent card',
              'Discovery',
              'getAgentCard',
              json('agent-card'),
              "The directory's skills (search, read a resource, corpus, MCP, HTTP API) as an A2A 1.0 agent card.",
            ),
          ),
        ]
      : []),
    get(
      '/llms.txt',
      free(
        'Get the llms.txt index',
        'Discovery',
        'getLlmsTxt',
        text('text/plain', 'llms.txt: Markdown links to every document.'),
      ),
    ),
    get(
      '/llms-full.txt',
      free(
        'Get every free body in one text file',
        'Discovery',
        'getLlmsFullTxt',
        text('text/plain', 'Every free body.'),
      ),
    ),
    ...(llmsLayout(context).split ? llmsSectionOperations() : []),
    ...(context.model.site.discovery.skills ? skillOperations() : []),
    get(
      '/license.xml',
      free(
        'Get the RSL license',
        'Discovery',
        'getLicense',
        text('application/rsl+xml', 'An RSL 1.0 license document.'),
      ),
    ),
    get(
      '/openapi.json',
      free('Get this interface description', 'Discovery', 'getOpenApi', {
        'application/json': { schema: { type: 'object', description: 'This OpenAPI 3.1 document.' } },
      }),
    ),
    get(
      '/openapi.yaml',
      free('Get this interface description as YAML', 'Discovery', 'getOpenApiYaml', {
        'application/yaml': { schema: { type: 'string', description: 'This OpenAPI 3.1 document, in YAML.' } },
      }),
    ),
    get(
      '/.well-known/api-catalog',
      free('Get the API catalog (RFC 9727)', 'Discovery', 'getApiCatalog', {
        'application/linkset+json': {
          schema: {
            type: 'object',
            required: ['linkset'],
            properties: {
              linkset: {
                type: 'array',
                description:
                  'RFC 9264 link context objects: the site (`anchor`) and its `service-desc`, `service-doc` and `service-meta` links.',
                items: { type: 'object' },
              },
            },
          },
        },
      }),
    ),
  ];
}

/** A JSON-RPC error response, as the MCP endpoint answers a request it cannot take. */
const jsonRpcError = {
  type: 'object',
  required: ['jsonrpc', 'id', 'error'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: ['string', 'integer', 'null'] },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'integer' }, message: { type: 'string' } },
    },
  },
};
