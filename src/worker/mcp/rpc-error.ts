/** JSON-RPC 2.0 and MCP error codes this server uses. */
export const errorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  resourceNotFound: -32002,
  /** Implementation-defined (JSON-RPC reserves -32000 to -32099 for servers): too busy to run the request now. */
  serverBusy: -32000,
} as const;

/** A failure that becomes a JSON-RPC error response. */
export class RpcError extends Error {
  override readonly name = 'RpcError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}
