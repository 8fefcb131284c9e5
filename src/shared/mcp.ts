// Facts about the MCP server that both halves publish: the build (server card) and the worker (the server itself).

/** The 14 tools of the MCP server (openapi.json operation `mcp`), in the order the server lists them. */
export const mcpToolNames = [
  'list_resources',
  'get_resource',
  'get_access_info',
  'search_resources',
  'get_corpus',
  'get_full_corpus',
  'get_pricing',
  'get_payment_info',
  'get_stats',
  'list_articles',
  'get_article',
  'search',
  'get_cluster',
  'check_access',
] as const;

export type McpToolName = (typeof mcpToolNames)[number];

/** Protocol versions the server negotiates: the session-less legacy era, then the 2026-07-28 revision. */
export const mcpProtocolVersions = ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
