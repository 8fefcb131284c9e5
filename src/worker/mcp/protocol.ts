import { isObject } from '../../shared/json-shapes.js';
import { mcpProtocolVersions } from '../../shared/mcp.js';
import { RpcError } from './rpc-error.js';

export const modernVersion = '2026-07-28';
export const legacyVersions = ['2025-03-26', '2025-06-18', '2025-11-25'] as const;
export const latestLegacyVersion = '2025-11-25';
export const supportedVersions: readonly string[] = mcpProtocolVersions;

/** Error codes the 2026-07-28 revision added. */
export const modernErrors = { headerMismatch: -32020, missingCapability: -32021, unsupportedVersion: -32022 } as const;

export const metaKeys = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

/** A JSON-RPC error that must also carry an HTTP status (the 2026-07-28 revision and transport rules). */
export class HttpRpcError extends RpcError {
  constructor(
    readonly status: number,
    code: number,
    message: string,
    data?: unknown,
  ) {
    super(code, message, data);
  }
}

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id?: string | number | null;
  method: string;
  params?: Record<string, unknown>;
}

/** Which protocol generation a request speaks: the session-less legacy era, or the stateless 2026-07-28 revision. */
export type Era =
  | { kind: 'legacy'; version: string }
  | { kind: 'modern'; version: string; clientCapabilities: Record<string, unknown> };

/** Decodes a header value sent as `=?base64?...?=` (for names that are not plain ASCII). */
export function decodeHeaderValue(value: string): string | null {
  const encoded = /^=\?base64\?(.*)\?=$/i.exec(value);
  if (!encoded) return value;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(atob(encoded[1]!), (char) => char.charCodeAt(0)),
    );
  } catch {
    return null;
  }
}

/** The params field whose value Mcp-Name must repeat, for the methods that need it. */
const namedParam: Record<string, 'name' | 'uri'> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

/**
 * Decides the era of one request and checks the 2026-07-28 rules: `_meta` version and capabilities,
 * and the MCP-Protocol-Version, Mcp-Method and Mcp-Name headers against the body.
 */
export function eraOf(message: JsonRpcRequest, headers: Headers): Era {
  const headerVersion = headers.get('mcp-protocol-version')?.trim() || undefined;
  const meta = message.params?._meta as Record<string, unknown> | undefined;
  const metaVersion = meta?.[metaKeys.protocolVersion];
  const modern = metaVersion !== undefined || headerVersion === modernVersion;

  if (!modern) {
    if (headerVersion !== undefined && !(legacyVersions as readonly string[]).includes(headerVersion)) {
      throw new HttpRpcError(400, -32600, `Unsupported MCP-Protocol-Version "${headerVersion}".`, {
        supported: supportedVersions,
        requested: headerVersion,
      });
    }
    // Without the header, a session-less server has no other signal: the transport rules say assume 2025-03-26.
    return { kind: 'legacy', version: headerVersion ?? '2025-03-26' };
  }

  if (typeof metaVersion !== 'string') {
    throw new HttpRpcError(
      400,
      -32602,
      `Requests of protocol ${modernVersion} must carry _meta["${metaKeys.protocolVersion}"] (a string).`,
    );
  }
  if (headerVersion !== metaVersion) {
    throw new HttpRpcError(
      400,
      modernErrors.headerMismatch,
      `The MCP-Protocol-Version header (${headerVersion ?? 'missing'}) must equal the _meta protocol version (${metaVersion}).`,
    );
  }
  if (metaVersion !== modernVersion) {
    throw new HttpRpcError(400, modernErrors.unsupportedVersion, `Unsupported protocol version "${metaVersion}".`, {
      supported: supportedVersions,
      requested: metaVersion,
    });
  }
  const clientCapabilities = meta?.[metaKeys.clientCapabilities];
  if (!isObject(clientCapabilities)) {
    throw new HttpRpcError(
      400,
      -32602,
      `Requests of protocol ${modernVersion} must carry _meta["${metaKeys.clientCapabilities}"] (an object; {} for none).`,
    );
  }
  const methodHeader = headers.get('mcp-method');
  if (methodHeader !== message.method) {
    throw new HttpRpcError(
      400,
      modernErrors.headerMismatch,
      `The Mcp-Method header (${methodHeader ?? 'missing'}) must equal the method (${message.method}).`,
    );
  }
  const field = namedParam[message.method];
  if (field) {
    const nameHeader = headers.get('mcp-name');
    const decoded = nameHeader === null ? null : decodeHeaderValue(nameHeader);
    if (decoded === null || decoded !== message.params?.[field]) {
      throw new HttpRpcError(
        400,
        modernErrors.headerMismatch,
        `The Mcp-Name header must equal params.${field} of ${message.method}.`,
      );
    }
  }
  return { kind: 'modern', version: metaVersion, clientCapabilities };
}
