import type { EmitContext } from '../context.js';

export const openApiJsonType = 'application/vnd.oai.openapi+json;version=3.1';

/** /.well-known/api-catalog (RFC 9727): a linkset naming this site's API, its description and its docs. */
export function apiCatalog(context: EmitContext): Record<string, unknown> {
  const { urls } = context;
  const { discovery } = context.model.site;
  return {
    linkset: [
      {
        anchor: urls.base,
        'service-desc': [
          { href: urls.openApi, type: openApiJsonType },
          { href: urls.openApiYaml, type: 'application/vnd.oai.openapi;version=3.1' },
        ],
        'service-doc': [
          { href: urls.llmsTxt, type: 'text/plain' },
          ...(discovery.skills ? [{ href: urls.agentSkillsIndex, type: 'application/json' }] : []),
        ],
        // Descriptions of the services beside the API: the MCP server (its card, its registry
        // server.json), the A2A agent card and the ARD manifest, each while site.yaml leaves its door open.
        'service-meta': [
          { href: urls.serverCard, type: 'application/json' },
          ...(discovery.mcp_install ? [{ href: urls.mcpRegistryServer, type: 'application/json' }] : []),
          ...(discovery.agent_card ? [{ href: urls.agentCard, type: 'application/json' }] : []),
          ...(discovery.ard ? [{ href: urls.ard, type: 'application/json' }] : []),
        ],
      },
    ],
  };
}
