import type { RequestOptions } from './runtimes.js';

/** A `tools/call` of the MCP endpoint as one request (protocol 2025-06-18), `_meta` when given. */
export function toolCallRequest(
  name: string,
  args: Record<string, unknown>,
  meta?: Record<string, unknown>,
): Required<RequestOptions> {
  return {
    method: 'POST',
    headers: {
      Accept: 'application/json, text/event-stream',
      'Content-Type': 'application/json',
      'MCP-Protocol-Version': '2025-06-18',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) },
    }),
  };
}
