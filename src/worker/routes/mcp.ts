import type { RequestNotes } from '../../shared/readers/reader-event.js';
import type { WorkerData } from '../../shared/worker-data.js';
import { presentedKey } from '../access-keys.js';
import type { WorkerEnv } from '../env.js';
import { readBody } from '../read-body.js';
import { SiteAssets } from '../site-assets.js';
import { answerMessage } from '../mcp/answer-message.js';
import { answerBatch } from '../mcp/batch.js';
import { errorBody, isRequestShape, isResponseShape, rpcResponse, type Id } from '../mcp/json-rpc.js';
import { errorCodes, RpcError } from '../mcp/rpc-error.js';
import type { RequestContext } from '../mcp/tool.js';
import { maxBodyBytes } from '../../shared/mcp-limits.js';

const allowHeaders = 'Content-Type, Accept, Authorization, x-api-key, MCP-Protocol-Version, Mcp-Method, Mcp-Name';

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

/** POST /mcp: one JSON-RPC message per request (or a batch in protocol 2025-03-26), JSON responses, no sessions. */
export async function handleMcp(
  request: Request,
  env: WorkerEnv,
  data: WorkerData,
  notes: RequestNotes,
): Promise<Response> {
  const origin = request.headers.get('origin');
  if (origin !== null && !originAllowed(origin, data)) {
    return rpcResponse(
      403,
      errorBody(
        null,
        new RpcError(errorCodes.invalidRequest, `Origin ${origin} is not allowed to call this MCP server.`),
      ),
    );
  }
  const cors: Record<string, string> = origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {};
  if (request.method === 'OPTIONS') {
    return new Response(null, {
      status: 204,
      headers: {
        ...cors,
        'Access-Control-Allow-Methods': 'POST',
        'Access-Control-Allow-Headers': allowHeaders,
        'Access-Control-Max-Age': '600',
      },
    });
  }
  if (request.method !== 'POST') {
    return rpcResponse(
      405,
      errorBody(
        null,
        new RpcError(
          errorCodes.invalidRequest,
          'This stateless MCP server answers POST only: no event stream, no sessions.',
        ),
      ),
      { Allow: 'POST, OPTIONS', ...cors },
    );
  }
  if (!acceptsJson(request.headers.get('accept'))) {
    return rpcResponse(
      406,
      errorBody(
        null,
        new RpcError(
          errorCodes.invalidRequest,
          'Not acceptable: this server answers application/json; list it in Accept.',
        ),
      ),
      cors,
    );
  }
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    return rpcResponse(
      415,
      errorBody(
        null,
        new RpcError(
          errorCodes.invalidRequest,
          'Unsupported media type: send the JSON-RPC message as Content-Type: application/json.',
        ),
      ),
      cors,
    );
  }
  const text = await readBody(request, maxBodyBytes);
  if (text === null)
    return rpcResponse(
      413,
      errorBody(null, new RpcError(errorCodes.invalidRequest, `The message is larger than ${maxBodyBytes} bytes.`)),
      cors,
    );

  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return rpcResponse(
      400,
      errorBody(null, new RpcError(errorCodes.parseError, 'Parse error: the body is not valid JSON.')),
      cors,
    );
  }
  const context: RequestContext = {
    site: new SiteAssets(env.ASSETS, request.url),
    data,
    env,
    requestKey: presentedKey(request.headers),
    notes,
  };

  if (Array.isArray(parsed)) {
    // Batches exist only in protocol 2025-03-26 (the version assumed when no header says otherwise).
    const version = request.headers.get('mcp-protocol-version');
    if ((version && version !== '2025-03-26') || parsed.length === 0) {
      return rpcResponse(
        400,
        errorBody(
          null,
          new RpcError(
            errorCodes.invalidRequest,
            'JSON-RPC batches are only part of protocol 2025-03-26; send one message per request.',
          ),
        ),
        cors,
      );
    }
    return answerBatch(parsed, request.headers, context, cors);
  }

  if (isResponseShape(parsed)) return new Response(null, { status: 202, headers: cors });
  if (!isRequestShape(parsed)) {
    const id =
      typeof parsed === 'object' && parsed !== null && 'id' in parsed ? ((parsed as { id: Id }).id ?? null) : null;
    return rpcResponse(
      400,
      errorBody(
        typeof id === 'string' || typeof id === 'number' ? id : null,
        new RpcError(
          errorCodes.invalidRequest,
          'Invalid request: a JSON-RPC 2.0 message needs jsonrpc "2.0", a string method, and a string or number id.',
        ),
      ),
      cors,
    );
  }
  return answerMessage(parsed, request.headers, context, cors);
}
