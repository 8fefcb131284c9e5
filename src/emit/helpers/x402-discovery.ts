// What a Bazaar-style discovery service catalogs from a premium slug's 402 (README: Pay per fetch
// with x402). Computed here, at build time, into the worker data: the worker only copies it into
// its answers, so none of this costs worker code. Public fields only (title, description,
// category, tags, the site's name): never a word of the premium body.

import type { Resource } from '../../content/model.js';
import { getResourceArguments } from '../../shared/mcp.js';
import type { X402Discovery } from '../../shared/worker-data.js';
import { oneLine } from '../../util/text.js';
import type { EmitContext } from '../context.js';
import { standaloneSchema } from './standalone-schema.js';

const draft = 'https://json-schema.org/draft/2020-12/schema';

/** Bazaar's limits on service metadata: printable ASCII, at most 32 characters, at most 5 tags. */
const serviceText = /^[ -~]{1,32}$/;
const maxTags = 5;

/**
 * The site's name, when a catalog would keep it, and the category then the tags of the resource:
 * each on one line first (`oneLine`), as every output writes text, so a line break never decides
 * whether a catalog gets it.
 */
function service(resource: Resource, context: EmitContext): X402Discovery['service'] {
  const name = oneLine(context.model.site.name);
  const tags = [...new Set([resource.category, ...resource.tags].map(oneLine))].filter((tag) => serviceText.test(tag));
  return {
    ...(serviceText.test(name) ? { serviceName: name } : {}),
    ...(tags.length ? { tags: tags.slice(0, maxTags) } : {}),
  };
}

type Bazaar = X402Discovery['http'];

/** `info` and the JSON Schema it validates against, as the Bazaar extension carries them. */
function declaration(input: Bazaar['info']['input'], inputSchema: Record<string, unknown>, output: Output): Bazaar {
  return {
    info: { input, output: output.info },
    schema: {
      $schema: draft,
      type: 'object',
      properties: {
        input: { type: 'object', properties: inputSchema, required: Object.keys(input), additionalProperties: false },
        output: output.schema,
      },
      required: ['input', 'output'],
    },
  };
}

interface Output {
  info: Bazaar['info']['output'];
  schema: Record<string, unknown>;
}

/** GET /api/x402/<slug> answers the resource's Markdown variant: no JSON, so no schema beyond its format. */
const markdownOutput: Output = {
  info: { type: 'text', format: 'markdown' },
  schema: {
    type: 'object',
    properties: { type: { const: 'text' }, format: { const: 'markdown' } },
    required: ['type', 'format'],
  },
};

/**
 * A paid `get_resource` answers JSON: the slug, how it was opened, and the resource as its JSON
 * variant (schemas/resource.schema.json, inlined: a catalog must not follow a reference elsewhere).
 * No example: the only true one would be a premium body.
 */
function resultOutput(context: EmitContext): Output {
  return {
    info: { type: 'json' },
    schema: {
      type: 'object',
      properties: {
        type: { const: 'json' },
        example: {
          type: 'object',
          properties: {
            slug: getResourceArguments.properties.slug,
            access: { const: 'x402' },
            premium: { const: true },
            resource: standaloneSchema(context.registry, 'resource'),
          },
          required: ['slug', 'access', 'premium', 'resource'],
        },
      },
      required: ['type'],
    },
  };
}

/** The discovery metadata of one premium resource, for the HTTP gateway and for the paid MCP call. */
export function x402Discovery(resource: Resource, context: EmitContext): X402Discovery {
  const string = { type: 'string' };
  return {
    service: service(resource, context),
    http: declaration(
      { type: 'http', method: 'GET' },
      { type: { ...string, const: 'http' }, method: { ...string, enum: ['GET'] } },
      markdownOutput,
    ),
    mcp: declaration(
      {
        type: 'mcp',
        toolName: 'get_resource',
        description: `${oneLine(resource.title)}: ${oneLine(resource.description)}`,
        transport: 'streamable-http',
        inputSchema: getResourceArguments,
        example: { slug: resource.slug },
      },
      {
        type: { ...string, const: 'mcp' },
        toolName: { ...string, const: 'get_resource' },
        description: string,
        transport: { ...string, enum: ['streamable-http'] },
        inputSchema: { type: 'object' },
        example: { type: 'object' },
      },
      resultOutput(context),
    ),
    v1: { input: { type: 'http', method: 'GET', discoverable: true } },
  };
}
