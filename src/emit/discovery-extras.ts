import type { EmitContext } from './context.js';
import { jsonFile, type OutputFile } from './output.js';
import { serverCard } from './server-card.js';
import type { McpCatalog } from '../schemas/types.js';

/** The MCP Catalog (and the same document as the AI Catalog): where agents find this site's MCP server card. */
export function mcpCatalog(context: EmitContext): McpCatalog {
  const card = serverCard(context);
  const host = new URL(context.urls.base).hostname;
  const name = String(card.name).split('/')[1];
  return {
    specVersion: 'draft',
    entries: [
      {
        identifier: `urn:air:${host}:${name}`,
        displayName: `${context.model.site.name} MCP server`,
        type: 'application/mcp-server-card+json',
        url: `${context.urls.mcp}/server-card`,
      },
    ],
  };
}

/** Catalogs some agents look for under /.well-known/ (the llms.txt twins there come with llms.txt itself). */
export function emitDiscoveryExtras(context: EmitContext): OutputFile[] {
  const catalog = mcpCatalog(context);
  return [
    jsonFile(context.registry, 'public/.well-known/mcp/catalog.json', catalog, 'mcp-catalog'),
    jsonFile(context.registry, 'public/.well-known/ai-catalog.json', catalog, 'mcp-catalog'),
  ];
}
