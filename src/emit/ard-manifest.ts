import { mcpToolNames } from '../shared/mcp.js';
import type { ArdManifest } from '../schemas/types.js';
import type { EmitContext } from './context.js';
import { openApiJsonType } from './openapi/api-catalog.js';
import { jsonFile, type OutputFile } from './output.js';
import { contentQueries } from './helpers/representative-queries.js';
import { serverCard } from './server-card.js';
import { publishedSkills, skillArtifactPath } from './skills.js';

type Entry = ArdManifest['entries'][number];

/** The ARD publisher segment: the site's host, with anything a URN segment may not hold (an IPv6 address's colons) as `-`. */
function publisher(context: EmitContext): string {
  return new URL(context.urls.base).hostname.replace(/[^a-zA-Z0-9.-]/g, '-');
}

function urn(context: EmitContext, namespace: string, name: string): string {
  return `urn:air:${publisher(context)}:${namespace}:${name}`;
}

function host(context: EmitContext): ArdManifest['host'] {
  return {
    displayName: context.model.site.name,
    identifier: `did:web:${publisher(context)}`,
    documentationUrl: context.urls.llmsTxt,
  };
}

/** The MCP server, by its static card: a static host serves it without the worker. */
function mcpServerEntry(context: EmitContext): Entry {
  const card = serverCard(context);
  return {
    identifier: urn(context, 'mcp', 'directory'),
    displayName: `${context.model.site.name} MCP server`,
    type: 'application/mcp-server-card+json',
    url: context.urls.serverCard,
    description: `Search and read the resources and guides of ${context.model.site.name} over MCP (Streamable HTTP at ${context.urls.mcp}).`,
    version: card.version,
    capabilities: [...mcpToolNames],
    representativeQueries: contentQueries(context),
  };
}

function agentCardEntry(context: EmitContext): Entry {
  return {
    identifier: urn(context, 'a2a', 'directory'),
    displayName: `${context.model.site.name} agent card`,
    type: 'application/a2a-agent-card+json',
    url: context.urls.agentCard,
    description: `The skills of ${context.model.site.name} (search, read a resource, the corpus, MCP, the HTTP API) and where each is reached.`,
    capabilities: ['search', 'read-resource', 'corpus', 'mcp', 'http-api'],
    representativeQueries: contentQueries(context),
  };
}

/**
 * Each agent skill the site publishes, as the ARD types name them: a lone SKILL.md as Markdown of the
 * agent-skills profile, a skill of several files as the gzip archive the skills index serves.
 */
function skillEntries(context: EmitContext): Entry[] {
  return publishedSkills(context).map((skill) => {
    const single = skill.files.length === 1;
    return {
      identifier: urn(context, 'skill', skill.name),
      displayName: skill.name,
      type: single ? 'text/markdown; profile="urn:air:agent-skills"' : 'application/agent-skills+gzip',
      url: new URL(skillArtifactPath(skill), context.urls.agentSkillsIndex).href,
      description: skill.description,
      representativeQueries: [`${skill.name} agent skill`, `install the ${skill.name} skill`],
    };
  });
}

/** One file of the site's data or terms, inside the nested catalog. */
function file(
  context: EmitContext,
  name: string,
  displayName: string,
  type: string,
  url: string,
  description: string,
  queries: string[],
): Entry {
  return {
    identifier: urn(context, 'data', name),
    displayName,
    type,
    url,
    description,
    representativeQueries: queries,
  };
}

/**
 * What the site publishes besides its MCP server and agent: the interface description, the agent
 * index, the corpus and its license, pricing and payment. ARD's standard entry types name agents,
 * servers, skills and catalogs only, so these sit in a nested catalog (`application/ai-catalog+json`
 * with inline `data`), as the draft's own example nests a dataset in a bundle.
 */
function dataCatalogEntry(context: EmitContext): Entry {
  const { urls } = context;
  const name = context.model.site.name;
  const entries = [
    file(
      context,
      'openapi',
      'OpenAPI description',
      openApiJsonType,
      urls.openApi,
      `Every URL of ${name}, in OpenAPI 3.1.`,
      [`which URLs does ${name} serve`, `get a resource of ${name} as JSON`],
    ),
    file(
      context,
      'api-catalog',
      'API catalog',
      'application/linkset+json',
      urls.apiCatalog,
      'The RFC 9727 API catalog.',
      [`find the API of ${name}`, `API catalog of ${name}`],
    ),
    file(context, 'llms-txt', 'llms.txt', 'text/plain', urls.llmsTxt, `Every page of ${name}, listed for agents.`, [
      `list every page of ${name}`,
      ...contentQueries(context, 2),
    ]),
    file(
      context,
      'corpus',
      'Free corpus',
      'application/x-ndjson',
      urls.corpusJsonl,
      'A meta record, then one record per resource, as NDJSON.',
      [`download the corpus of ${name}`, `${name} resources as NDJSON`],
    ),
    file(
      context,
      'license',
      'License',
      'application/rsl+xml',
      urls.license,
      'The RSL license of the content and the corpus.',
      [`license of ${name}`, `may I train on the ${name} corpus`],
    ),
    file(context, 'pricing', 'Pricing', 'application/json', urls.pricing, 'The paid tiers and the per-fetch price.', [
      `pricing of ${name}`,
      `how much does a ${name} access key cost`,
    ]),
    file(context, 'payment', 'Payment', 'application/json', urls.payment, 'How to pay: access keys and x402.', [
      `how to pay for ${name} premium resources`,
      `x402 payment for ${name}`,
    ]),
    ...(context.model.site.discovery.mcp_install
      ? [
          file(
            context,
            'mcp-registry-server',
            'MCP registry server.json',
            'application/json',
            urls.mcpRegistryServer,
            'The MCP server as the MCP registry describes servers (schema 2025-12-11).',
            [`install the ${name} MCP server`, `MCP registry entry of ${name}`],
          ),
        ]
      : []),
  ];
  return {
    identifier: urn(context, 'catalog', 'data'),
    displayName: `${name} data and terms`,
    type: 'application/ai-catalog+json',
    data: { specVersion: '1.0', host: host(context), entries },
    description: `The interface description, agent index, corpus, license, pricing and payment of ${name}.`,
    representativeQueries: [`download the corpus of ${name}`, `license and pricing of ${name}`, `OpenAPI of ${name}`],
  };
}

/** /.well-known/ard.json: every catalog entry of the site. */
export function ardManifest(context: EmitContext): ArdManifest {
  return {
    specVersion: '1.0',
    host: host(context),
    entries: [
      mcpServerEntry(context),
      ...(context.model.site.discovery.agent_card ? [agentCardEntry(context)] : []),
      ...skillEntries(context),
      dataCatalogEntry(context),
    ],
  };
}

/** /.well-known/mcp/catalog.json: the MCP Catalog, the same manifest reduced to the MCP server. */
export function mcpCatalog(context: EmitContext): ArdManifest {
  return { specVersion: '1.0', host: host(context), entries: [mcpServerEntry(context)] };
}

/**
 * The MCP catalog always; with the `ard` door open, the ARD manifest at /.well-known/ard.json and,
 * byte for byte, at /.well-known/ai-catalog.json, where earlier drafts and older clients look.
 */
export function emitArdManifest(context: EmitContext): OutputFile[] {
  const files = [
    jsonFile(context.registry, 'public/.well-known/mcp/catalog.json', mcpCatalog(context), 'ard-manifest'),
  ];
  if (context.model.site.discovery.ard)
    files.push({
      ...jsonFile(context.registry, 'public/.well-known/ard.json', ardManifest(context), 'ard-manifest'),
      copies: ['public/.well-known/ai-catalog.json'],
    });
  return files;
}
