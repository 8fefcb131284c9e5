import type { EmitContext } from '../context.js';

export const openApiJsonType = 'application/vnd.oai.openapi+json;version=3.1';

/** /.well-known/api-catalog (RFC 9727): a linkset naming this site's API, its description and its docs. */
export function apiCatalog(context: EmitContext): Record<string, unknown> {
  const { urls } = context;
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
          ...(context.model.site.discovery.skills ? [{ href: urls.agentSkillsIndex, type: 'application/json' }] : []),
        ],
        'service-meta': [{ href: urls.serverCard, type: 'application/json' }],
      },
    ],
  };
}
