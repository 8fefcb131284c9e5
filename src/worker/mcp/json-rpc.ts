import { isObject } from '../../shared/json-shapes.js';
import { legacyMethods, modernMethods, serverInfo } from './methods.js';
import { eraOf, HttpRpcError, metaKeys, type Era, type JsonRpcRequest } from './protocol.js';
import { errorCodes, RpcError } from './rpc-error.js';
import type { ToolContext } from './tool.js';

/** The directory changes only when it is rebuilt and redeployed: five minutes is a safe freshness window. */
const cacheTtlMs = 300_000;

export type Id = string | number | null;

export function rpcResponse(status: number, body: unknown, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...extra },
  });
}

export function errorBody(id: Id, error: RpcError) {
  return {
    jsonrpc: '2.0',
    id,
    error: { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) },
  };
}

export function isRequestShape(message: unknown): message is JsonRpcRequest {
  if (!isObject(message)) return false;
  if (message.jsonrpc !== '2.0' || typeof message.method !== 'string') return false;
  if (
    'id' in message &&
    !(typeof message.id === 'string' || (typeof message.id === 'number' && Number.isFinite(message.id)))
  )
    return false;
  return !('params' in message) || isObject(message.params);
}

export function isResponseShape(message: unknown): boolean {
  if (!isObject(message)) return false;
  return (
    message.jsonrpc === '2.0' &&
    'id' in message &&
    ('result' in message || 'error' in message) &&
    !('method' in message)
  );
}

/** Runs one request message. Returns the JSON-RPC response and its HTTP status, or null for a notification. */
export async function handleMessage(
  message: JsonRpcRequest,
  headers: Headers,
  context: ToolContext,
): Promise<{ status: number; body: unknown } | null> {
  const id: Id = message.id ?? null;
  const isNotification = !('id' in message);
  let era: Era;
  try {
    era = eraOf(message, headers);
  } catch (error) {
    if (error instanceof HttpRpcError) return { status: error.status, body: errorBody(id, error) };
    throw error;
  }
  if (isNotification) return null;
  context.notes.mcpMethod ??= message.method.slice(0, 100);
  const table = era.kind === 'modern' ? modernMethods : legacyMethods;
  const method = Object.hasOwn(table, message.method) ? table[message.method] : undefined;
  if (!method) {
    const error = new RpcError(errorCodes.methodNotFound, `Method not found: ${message.method}.`);
    // The 2026-07-28 transport answers an unknown method with HTTP 404.
    return { status: era.kind === 'modern' ? 404 : 200, body: errorBody(id, error) };
  }
  try {
    const result = await method.run(message.params ?? {}, context, era);
    const decorated =
      era.kind === 'modern'
        ? {
            ...result,
            resultType: 'complete',
            ...(method.cacheable ? { ttlMs: cacheTtlMs, cacheScope: 'public' } : {}),
            _meta: { ...(result._meta as object | undefined), [metaKeys.serverInfo]: serverInfo(context) },
          }
        : result;
    return { status: 200, body: { jsonrpc: '2.0', id, result: decorated } };
  } catch (error) {
    if (error instanceof RpcError) {
      // 2026-07-28 retired -32002: a missing resource is invalid params there.
      const modernised =
        era.kind === 'modern' && error.code === errorCodes.resourceNotFound
          ? new RpcError(errorCodes.invalidParams, error.message, error.data)
          : error;
      return {
        status: era.kind === 'modern' && error instanceof HttpRpcError ? error.status : 200,
        body: errorBody(id, modernised),
      };
    }
    return {
      status: 200,
      body: errorBody(id, new RpcError(errorCodes.internalError, 'Internal error while answering this request.')),
    };
  }
}
