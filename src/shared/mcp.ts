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

/** The optional key argument of the tools that open premium documents. */
export const apiKeyArgument = {
  type: 'string',
  description:
    'An access key; defaults to the key sent in the Authorization: Bearer or x-api-key header of this request.',
  maxLength: 512,
};

/** The slug argument of a tool that takes one document of the kind named. */
export const slugArgument = (what: string) => ({
  type: 'string',
  description: `The ${what} slug (lowercase kebab-case).`,
  pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
  maxLength: 200,
});

/** The arguments of `get_resource` (its inputSchema), which the build also declares to x402 discovery services. */
export const getResourceArguments = {
  type: 'object',
  properties: { slug: slugArgument('resource'), api_key: apiKeyArgument },
  required: ['slug'],
  additionalProperties: false,
};
