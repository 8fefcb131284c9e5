import { mcpProtocolVersions, mcpToolNames } from '../shared/mcp.js';
import type { EmitContext } from './context.js';
import { jsonFile, type OutputFile } from './output.js';
import type { ServerCard } from '../schemas/types.js';

/** `example.com` -> `com.example`: the reverse-DNS prefix the server-card draft asks for. */
function reverseDns(url: string): string {
  return new URL(url).hostname.split('.').reverse().join('.');
}

function shorten(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= limit ? flat : `${flat.slice(0, limit - 1).replace(/\s+\S*$/, '')}…`;
}

export function serverCard(context: EmitContext): ServerCard {
  const { site } = context.model;
  const { urls } = context;
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
    name: `${reverseDns(site.url)}/directory`,
    version: context.version,
    title: site.name,
    description: shorten(site.description, 100),
    websiteUrl: urls.home,
    remotes: [{ type: 'streamable-http', url: urls.mcp, supportedProtocolVersions: [...mcpProtocolVersions] }],
    _meta: {
      'dev.agentdir/directory': {
        authentication: { required: false },
        tools: [...mcpToolNames],
        llms_txt: urls.llmsTxt,
        resource_index: urls.resourceIndex,
        license: urls.license,
        pricing: urls.pricing,
      },
    },
  };
}

export function emitServerCard(context: EmitContext): OutputFile[] {
  return [jsonFile(context.registry, 'public/.well-known/mcp/server-card.json', serverCard(context), 'server-card')];
}
