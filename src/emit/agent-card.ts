import { mcpProtocolVersions } from '../shared/mcp.js';
import { publicPaths } from '../shared/public-paths.js';
import type { AgentCard } from '../schemas/types.js';
import { oneLine } from '../util/text.js';
import type { EmitContext } from './context.js';
import { jsonFile, type OutputFile } from './output.js';
import { contentQueries } from './helpers/representative-queries.js';

/**
 * /.well-known/agent-card.json: the directory as an A2A agent card (protocol 1.0, in the JSON form
 * of its AgentCard message, which A2A clients parse). Its skills are what the directory offers; its
 * interfaces say honestly how they are reached: MCP and plain HTTP, not A2A messaging.
 */
export function agentCard(context: EmitContext): AgentCard {
  const { site } = context.model;
  const { urls } = context;
  const examples = contentQueries(context, 3);
  const json = ['application/json'];
  return {
    name: site.name,
    description: oneLine(site.description),
    supportedInterfaces: [
      { url: urls.mcp, protocolBinding: 'MCP', protocolVersion: mcpProtocolVersions.at(-1)! },
      { url: urls.home, protocolBinding: 'HTTP', protocolVersion: '1.1' },
    ],
    provider: { organization: site.publisher.name, url: site.publisher.url ?? urls.home },
    version: context.version,
    documentationUrl: urls.llmsTxt,
    capabilities: { streaming: false, pushNotifications: false },
    securitySchemes: {
      accessKey: {
        httpAuthSecurityScheme: {
          scheme: 'Bearer',
          description: `An access key for premium resources and the full corpus (also taken as \`x-api-key\`); buy one at ${site.pricing.payment_url}. Free resources need none.`,
        },
      },
    },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/markdown', 'application/json'],
    skills: [
      {
        id: 'search',
        name: 'Search the directory',
        description: `Full-text search over the resources and guides: the MCP tool \`search\`, or the search index at ${urls.searchIndex}.`,
        tags: ['search'],
        examples,
        outputModes: json,
      },
      {
        id: 'read-resource',
        name: 'Read a resource',
        description: `A resource as Markdown (${urls.resourceMarkdown('{slug}')}) or JSON (${urls.resourceJson('{slug}')}), or the MCP tool \`get_resource\`. Premium resources take an access key or an x402 payment.`,
        tags: ['read', 'markdown'],
        examples,
        outputModes: ['text/markdown', ...json],
      },
      {
        id: 'corpus',
        name: 'Download the corpus',
        description: `Every free resource as NDJSON at ${urls.corpusJsonl}, under the license at ${urls.license}; the full corpus at ${urls.corpusFull} takes a corpus key.`,
        tags: ['corpus', 'dataset'],
        examples: [`download the corpus of ${site.name}`],
        outputModes: ['application/x-ndjson'],
      },
      {
        id: 'mcp',
        name: 'MCP server',
        description: `A stateless MCP server (Streamable HTTP) at ${urls.mcp}; its card is at ${urls.serverCard}.`,
        tags: ['mcp'],
        examples,
        outputModes: json,
      },
      {
        id: 'http-api',
        name: 'HTTP API',
        description: `Every URL of the site, described in OpenAPI 3.1 at ${urls.openApi}.`,
        tags: ['openapi', 'http'],
        examples: [`which URLs does ${site.name} serve`],
        outputModes: json,
      },
    ],
  };
}

export function emitAgentCard(context: EmitContext): OutputFile[] {
  if (!context.model.site.discovery.agent_card) return [];
  return [jsonFile(context.registry, `public${publicPaths.agentCard}`, agentCard(context), 'agent-card')];
}
