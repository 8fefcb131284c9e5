import type { Check } from '../../check.js';
import { failure } from '../../check.js';
import { publicPaths } from '../../../shared/public-paths.js';
import { missingFields } from './json-fields.js';

/** What the MCP registry's server.json schema requires, and a remote to connect to. */
const required = {
  $schema: 'text',
  name: 'text',
  description: 'text',
  version: 'text',
  'remotes[].type,url': 'list',
} as const;

export const mcpRegistryServerCheck: Check = {
  id: 'mcp-registry-server',
  title: 'An MCP registry server.json',
  weight: 6,
  action: `Publish ${publicPaths.mcpRegistryServer} as the MCP registry's schema describes a remote server.`,
  async run(context) {
    const path = publicPaths.mcpRegistryServer;
    const page = await context.fetch(path, { accept: 'application/json' });
    const missing = missingFields(page.text, required);
    return {
      fraction: page.status !== 200 ? 0 : 1 - missing.length / 5,
      details: `${path} ${page.status !== 200 ? failure(page) : missing.length ? `lacks ${missing.join('; ')}` : 'describes a remote server'}.`,
    };
  },
};
