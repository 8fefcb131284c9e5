import path from 'node:path';
import { createProblem } from '../errors/problem.js';
import { OutputProblemError } from '../errors/output-problem-error.js';
import { publicPaths } from '../shared/public-paths.js';
import { displayPath } from '../util/paths.js';
import type { EmitContext } from './context.js';
import { mcpRegistryServerValidator, mcpRegistrySchemaId } from './helpers/mcp-registry-schema.js';
import type { OutputFile } from './output.js';
import { jsonText } from '../util/json-text.js';
import { serverCard } from './server-card.js';

/**
 * /.well-known/mcp/server.json: the MCP server as the MCP registry describes servers (schema
 * 2025-12-11), a remote Streamable HTTP server at the site's /mcp. Registries and one-click installs
 * read it; it says what the server card says, in the registry's format.
 */
export function mcpRegistryServer(context: EmitContext): Record<string, unknown> {
  const card = serverCard(context);
  return {
    $schema: mcpRegistrySchemaId,
    name: card.name,
    title: context.model.site.name,
    description: card.description,
    version: card.version,
    websiteUrl: context.urls.home,
    remotes: [{ type: 'streamable-http', url: context.urls.mcp }],
  };
}

/** The site.yaml field a server.json field is made from, for a problem an editor can act on. */
const sourceField: Record<string, string> = {
  name: 'url',
  title: 'name',
  description: 'description',
  websiteUrl: 'url',
  remotes: 'url',
};

export function emitMcpRegistryServer(context: EmitContext): OutputFile[] {
  if (!context.model.site.discovery.mcp_install) return [];
  const server = mcpRegistryServer(context);
  const validate = mcpRegistryServerValidator();
  if (!validate(server)) {
    const error = validate.errors![0]!;
    const field = error.instancePath.split('/')[1] ?? '';
    throw new OutputProblemError(
      createProblem(
        'InvalidRegistryServer',
        {
          field: error.instancePath || '/',
          reason: error.message ?? 'is not valid',
          value: String(server[field] ?? ''),
        },
        { file: displayPath(path.join(context.model.dir, 'site.yaml')), field: sourceField[field] ?? '' },
      ),
    );
  }
  return [{ path: `public${publicPaths.mcpRegistryServer}`, content: `${jsonText(server, 2)}\n` }];
}
