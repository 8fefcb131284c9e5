import type { WorkerData } from '../../shared/worker-data.js';
import { jsonResponse } from '../responses.js';

/** GET /mcp/server-card: the MCP server card, in the card's own media type when the client asks for it. */
export function mcpServerCard(request: Request, data: WorkerData): Response {
  const type = /application\/mcp-server-card\+json/i.test(request.headers.get('accept') ?? '')
    ? 'application/mcp-server-card+json'
    : 'application/json; charset=utf-8';
  return jsonResponse(200, data.mcp.card, {
    'Content-Type': type,
    'Cache-Control': 'public, max-age=3600',
    'Access-Control-Allow-Origin': '*',
    Vary: 'Accept',
  });
}
