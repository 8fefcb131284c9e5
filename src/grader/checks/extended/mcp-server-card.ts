import type { Check } from '../../check.js';
import { failure } from '../../check.js';
import { publicPaths } from '../../../shared/public-paths.js';

export const mcpServerCardCheck: Check = {
  id: 'mcp-server-card',
  title: 'An MCP server card',
  weight: 7,
  action: `Publish ${publicPaths.serverCard} with name, version, description and remotes[].url.`,
  async run(context) {
    const path = publicPaths.serverCard;
    const page = await context.fetch(path, { accept: 'application/json' });
    let card: { remotes?: { url?: unknown }[] } & Record<string, unknown> = {};
    try {
      card = JSON.parse(page.text) ?? {};
    } catch {
      /* a card that does not parse lacks every field */
    }
    // What the server-card draft requires to connect: who the server is, and where it answers.
    const missing = ['name', 'version', 'description'].filter((field) => typeof card[field] !== 'string');
    if (!(Array.isArray(card.remotes) && card.remotes.some((remote) => typeof remote?.url === 'string')))
      missing.push('remotes[].url');
    return {
      fraction: page.status !== 200 ? 0 : 1 - missing.length / 4,
      details: `${path} ${page.status !== 200 ? failure(page) : missing.length ? `lacks ${missing.join(', ')}` : 'has them all'}.`,
    };
  },
};
