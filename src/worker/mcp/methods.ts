import { argumentProblem } from './json-schema.js';
import { getPromptMethod, listPromptsMethod } from './prompts.js';
import { latestLegacyVersion, legacyVersions, supportedVersions, type Era } from './protocol.js';
import { listResourcesMethod, readResourceMethod, resourceTemplatesMethod } from './resources.js';
import { errorCodes, RpcError } from './rpc-error.js';
import { ToolArgumentError, type ToolContext } from './tool.js';
import { tools } from './tools/index.js';
import { decodeCursor } from './pagination.js';
import { AssetUnavailableError } from '../site-assets.js';

type Params = Record<string, unknown>;

export interface MethodSpec {
  /** Results that describe the directory, not the caller: cacheable for everyone until the next build. */
  cacheable: boolean;
  run(params: Params, context: ToolContext, era: Era): Promise<Record<string, unknown>> | Record<string, unknown>;
}

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export const capabilities = {
  tools: { listChanged: false },
  resources: { subscribe: false, listChanged: false },
  prompts: { listChanged: false },
};

function serverInfo(context: ToolContext) {
  const { name, title, version } = context.data.mcp;
  return { name, title, version, websiteUrl: `${context.data.site.url}/` };
}

async function callTool(params: Params, context: ToolContext) {
  const tool = tools.find((candidate) => candidate.name === params.name);
  if (!tool)
    throw new RpcError(
      errorCodes.invalidParams,
      `Unknown tool: ${String(params.name)}. Call tools/list for the ${tools.length} tools.`,
    );
  context.notes.tool ??= tool.name;
  const problem = argumentProblem(tool.inputSchema, params.arguments);
  if (problem)
    return { content: [{ type: 'text', text: `Invalid arguments for ${tool.name}: ${problem}.` }], isError: true };
  try {
    const meta = params._meta;
    const output = await tool.run(
      (params.arguments ?? {}) as Params,
      context,
      typeof meta === 'object' && meta !== null ? (meta as Params) : {},
    );
    const json = { type: 'text', text: JSON.stringify(output.structured) };
    const summary = { type: 'text', text: output.summary };
    return {
      // An error result leads with the JSON: the x402 MCP transport reads PaymentRequired from content[0].
      content: output.isError ? [json, summary] : [summary, json],
      structuredContent: output.structured,
      ...(output.isError ? { isError: true } : {}),
      ...(output.meta ? { _meta: output.meta } : {}),
    };
  } catch (error) {
    if (error instanceof ToolArgumentError || error instanceof AssetUnavailableError) {
      return { content: [{ type: 'text', text: error.message }], isError: true };
    }
    throw error;
  }
}

/** Methods both eras share, named as in the MCP schema. */
const shared: Record<string, MethodSpec> = {
  'tools/list': {
    cacheable: true,
    run(params) {
      if (decodeCursor(params.cursor as string | undefined) !== 0)
        throw new RpcError(errorCodes.invalidParams, 'Invalid cursor: tools/list has a single page.');
      return {
        tools: tools.map(({ name, title, description, inputSchema, outputSchema }) => ({
          name,
          title,
          description,
          inputSchema,
          outputSchema,
          annotations: { title, ...readOnly },
        })),
      };
    },
  },
  'tools/call': { cacheable: false, run: (params, context) => callTool(params, context) },
  'resources/list': { cacheable: true, run: (params, context) => listResourcesMethod(params, context) },
  'resources/read': { cacheable: true, run: (params, context) => readResourceMethod(params, context) },
  'resources/templates/list': { cacheable: true, run: (_params, context) => resourceTemplatesMethod(context) },
  'prompts/list': { cacheable: true, run: () => listPromptsMethod() },
  'prompts/get': { cacheable: false, run: (params, context) => getPromptMethod(params, context) },
};

/** The session-less legacy era: initialize negotiates, ping answers. */
export const legacyMethods: Record<string, MethodSpec> = {
  ...shared,
  initialize: {
    cacheable: false,
    run(params, context) {
      const requested = params.protocolVersion;
      if (typeof requested !== 'string')
        throw new RpcError(errorCodes.invalidParams, 'initialize needs params.protocolVersion (a string).', {
          supported: supportedVersions,
        });
      const protocolVersion = (legacyVersions as readonly string[]).includes(requested)
        ? requested
        : latestLegacyVersion;
      return {
        protocolVersion,
        capabilities,
        serverInfo: serverInfo(context),
        instructions: context.data.mcp.instructions,
      };
    },
  },
  ping: { cacheable: false, run: () => ({}) },
};

/** The 2026-07-28 revision: server/discover instead of initialize; no ping. */
export const modernMethods: Record<string, MethodSpec> = {
  ...shared,
  'server/discover': {
    cacheable: true,
    run: (_params, context) => ({ supportedVersions, capabilities, instructions: context.data.mcp.instructions }),
  },
};

export { serverInfo };
