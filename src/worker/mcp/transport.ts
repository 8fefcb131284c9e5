import type { WorkerData } from '../../shared/worker-data.js';
import { presentedKey } from '../access-keys.js';
import type { WorkerEnv } from '../env.js';
import { SiteAssets } from '../site-assets.js';
import { legacyMethods, modernMethods, serverInfo } from './methods.js';
import { eraOf, HttpRpcError, metaKeys, type Era, type JsonRpcRequest } from './protocol.js';
import { errorCodes, RpcError } from './rpc-error.js';
import type { ToolContext } from './tool.js';

const maxBodyBytes = 1_000_000;
/** The directory changes only when it is rebuilt and redeployed: five minutes is a safe freshness window. */
const cacheTtlMs = 300_000;
const allowHeaders = 'Content-Type, Accept, Authorization, x-api-key, MCP-Protocol-Version, Mcp-Method, Mcp-Name';

type Id = string | number | null;

function rpcResponse(status: number, body: unknown, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...extra } });
}

function errorBody(id: Id, error: RpcError) {
  return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) } };
}

/** Origins that may call /mcp from a browser: the site's own, loopback (local development) and configured ones. */
function originAllowed(origin: string, data: WorkerData): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(data.site.url).origin) return true;
  if (['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname)) return true;
  return data.mcp.allowedOrigins.some((allowed) => {
    try {
      return new URL(allowed).origin === parsed.origin;
    } catch {
      return false;
    }
  });
}

function acceptsJson(accept: string | null): boolean {
  if (accept === null || !accept.trim()) return true;
  return accept.split(',').some((part) => /^\s*(application\/json|application\/\*|\*\/\*)\s*(;|$)/i.test(part));
}

function isRequestShape(value: unknown): value is JsonRpcRequest {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const message = value as Record<string, unknown>;
  if (message.jsonrpc !== '2.0' || typeof message.method !== 'string') return false;
  if ('id' in message && !(typeof message.id === 'string' || (typeof message.id === 'number' && Number.isFinite(message.id)))) return false;
  if ('params' in message && (typeof message.params !== 'object' || message.params === null || Array.isArray(message.params))) return false;
  return true;
}

function isResponseShape(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const message = value as Record<string, unknown>;
  return message.jsonrpc === '2.0' && 'id' in message && ('result' in message || 'error' in message) && !('method' in message);
}

/** Runs one request message. Returns the JSON-RPC response and its HTTP status, or null for a notification. */
async function handleMessage(message: JsonRpcRequest, headers: Headers, context: ToolContext): Promise<{ status: number; body: unknown } | null> {
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
            _meta: { [metaKeys.serverInfo]: serverInfo(context) },
          }
        : result;
    return { status: 200, body: { jsonrpc: '2.0', id, result: decorated } };
  } catch (error) {
    if (error instanceof RpcError) {
      // 2026-07-28 retired -32002: a missing resource is invalid params there.
      const modernised = era.kind === 'modern' && error.code === errorCodes.resourceNotFound ? new RpcError(errorCodes.invalidParams, error.message, error.data) : error;
      return { status: era.kind === 'modern' && error instanceof HttpRpcError ? error.status : 200, body: errorBody(id, modernised) };
    }
    return { status: 200, body: errorBody(id, new RpcError(errorCodes.internalError, 'Internal error while answering this request.')) };
  }
}

/** POST /mcp: one JSON-RPC message per request (or a batch in protocol 2025-03-26), JSON responses, no sessions. */
export async function handleMcp(request: Request, env: WorkerEnv, data: WorkerData): Promise<Response> {
  const origin = request.headers.get('origin');
  if (origin !== null && !originAllowed(origin, data)) {
    return rpcResponse(403, errorBody(null, new RpcError(errorCodes.invalidRequest, `Origin ${origin} is not allowed to call this MCP server.`)));
  }
  const cors: Record<string, string> = origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {};
  if (request.method === 'OPTIONS') {
    return new Response(null, { status: 204, headers: { ...cors, 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': allowHeaders, 'Access-Control-Max-Age': '600' } });
  }
  if (request.method !== 'POST') {
    return rpcResponse(405, errorBody(null, new RpcError(errorCodes.invalidRequest, 'This stateless MCP server answers POST only: no event stream, no sessions.')), { Allow: 'POST, OPTIONS', ...cors });
  }
  if (!acceptsJson(request.headers.get('accept'))) {
    return rpcResponse(406, errorBody(null, new RpcError(errorCodes.invalidRequest, 'Not acceptable: this server answers application/json; list it in Accept.')), cors);
  }
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    return rpcResponse(415, errorBody(null, new RpcError(errorCodes.invalidRequest, 'Unsupported media type: send the JSON-RPC message as Content-Type: application/json.')), cors);
  }
  const declaredLength = Number(request.headers.get('content-length') ?? '0');
  if (declaredLength > maxBodyBytes) return rpcResponse(413, errorBody(null, new RpcError(errorCodes.invalidRequest, `The message is larger than ${maxBodyBytes} bytes.`)), cors);
  const text = await request.text();
  if (text.length > maxBodyBytes) return rpcResponse(413, errorBody(null, new RpcError(errorCodes.invalidRequest, `The message is larger than ${maxBodyBytes} bytes.`)), cors);

  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return rpcResponse(400, errorBody(null, new RpcError(errorCodes.parseError, 'Parse error: the body is not valid JSON.')), cors);
  }
  const context: ToolContext = { site: new SiteAssets(env.ASSETS, request.url), data, env, requestKey: presentedKey(request.headers) };

  if (Array.isArray(parsed)) {
    // Batches exist only in protocol 2025-03-26 (the version assumed when no header says otherwise).
    const version = request.headers.get('mcp-protocol-version');
    if ((version && version !== '2025-03-26') || parsed.length === 0) {
      return rpcResponse(400, errorBody(null, new RpcError(errorCodes.invalidRequest, 'JSON-RPC batches are only part of protocol 2025-03-26; send one message per request.')), cors);
    }
    const answers: unknown[] = [];
    for (const item of parsed) {
      if (isResponseShape(item)) continue;
      if (!isRequestShape(item)) {
        answers.push(errorBody(null, new RpcError(errorCodes.invalidRequest, 'Invalid request: each message needs jsonrpc "2.0" and a method.')));
        continue;
      }
      const answer = await handleMessage(item, request.headers, context);
      if (answer) answers.push(answer.body);
    }
    return answers.length ? rpcResponse(200, answers, cors) : new Response(null, { status: 202, headers: cors });
  }

  if (isResponseShape(parsed)) return new Response(null, { status: 202, headers: cors });
  if (!isRequestShape(parsed)) {
    const id = typeof parsed === 'object' && parsed !== null && 'id' in parsed ? ((parsed as { id: Id }).id ?? null) : null;
    return rpcResponse(400, errorBody(typeof id === 'string' || typeof id === 'number' ? id : null, new RpcError(errorCodes.invalidRequest, 'Invalid request: a JSON-RPC 2.0 message needs jsonrpc "2.0", a string method, and a string or number id.')), cors);
  }
  const answer = await handleMessage(parsed, request.headers, context);
  if (!answer) return new Response(null, { status: 202, headers: cors });
  return rpcResponse(answer.status, answer.body, cors);
}
