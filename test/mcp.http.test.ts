import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchDespiteReset } from './helpers/fetch-despite-reset.js';
import { runtimePair, type RuntimePair } from './helpers/runtime-pair.js';
import { siteUnderTest } from './helpers/site-under-test.js';

const urls: Record<string, string> = {};
let runtimes: RuntimePair;

beforeAll(async () => {
  runtimes = await runtimePair(await siteUnderTest());
  urls.serve = runtimes.serve.url;
  urls.workerd = runtimes.workerd.url;
});
afterAll(() => runtimes?.close());

const json = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

function modernHeaders(method: string, name?: string): Record<string, string> {
  return { ...json, 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': method, ...(name ? { 'Mcp-Name': name } : {}) };
}

describe.each(['serve', 'workerd'])('MCP over raw HTTP on %s', (runtime) => {
  const post = async (body: unknown, headers: Record<string, string> = json) => {
    const response = await fetchDespiteReset(`${urls[runtime]}mcp`, {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : null };
  };

  it('answers GET and DELETE with 405 and Allow', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${urls[runtime]}mcp`, { method, headers: { Accept: 'text/event-stream' } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST, OPTIONS');
      await response.text();
    }
  });

  it('answers a notification and a response with 202 and no body', async () => {
    const notification = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(notification.status).toBe(202);
    expect(notification.text).toBe('');
    const response = await post({ jsonrpc: '2.0', id: 7, result: {} });
    expect(response.status).toBe(202);
  });

  it('refuses a foreign Origin with 403, accepts the site and loopback origins', async () => {
    const request = { jsonrpc: '2.0', id: 1, method: 'ping' };
    expect((await post(request, { ...json, Origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(request, { ...json, Origin: 'https://fixture.example' })).status).toBe(200);
    expect((await post(request, { ...json, Origin: 'http://localhost:3000' })).status).toBe(200);
  });

  it('refuses an Accept without JSON with 406 and a body that is not JSON with 415', async () => {
    const request = { jsonrpc: '2.0', id: 1, method: 'ping' };
    const notAcceptable = await post(request, { 'Content-Type': 'application/json', Accept: 'text/html' });
    expect(notAcceptable.status).toBe(406);
    expect(notAcceptable.body.error.code).toBe(-32600);
    const unsupported = await post(request, { 'Content-Type': 'text/plain', Accept: 'application/json' });
    expect(unsupported.status).toBe(415);
  });

  it('answers malformed JSON with -32700, a malformed message with -32600, an unknown method with -32601, bad params with -32602', async () => {
    const parse = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect([parse.status, parse.body.error.code, parse.body.id]).toEqual([400, -32700, null]);
    const invalid = await post({ jsonrpc: '1.0', id: 2, method: 'ping' });
    expect([invalid.status, invalid.body.error.code]).toEqual([400, -32600]);
    const noMethod = await post({ jsonrpc: '2.0', id: 3, method: 5 });
    expect(noMethod.body.error.code).toBe(-32600);
    const unknown = await post({ jsonrpc: '2.0', id: 4, method: 'tools/destroy' });
    expect([unknown.status, unknown.body.id, unknown.body.error.code]).toEqual([200, 4, -32601]);
    const unknownTool = await post({
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: { name: 'rm_rf', arguments: {} },
    });
    expect(unknownTool.body.error.code).toBe(-32602);
    const badCursor = await post({ jsonrpc: '2.0', id: 6, method: 'resources/list', params: { cursor: '!!!' } });
    expect(badCursor.body.error.code).toBe(-32602);
    const missing = await post({
      jsonrpc: '2.0',
      id: 7,
      method: 'resources/read',
      params: { uri: 'https://fixture.example/resources/data-formats.md' },
    });
    expect(missing.body.error.code).toBe(-32002);
  });

  it('negotiates initialize: echoes a supported version, else answers with the newest legacy one', async () => {
    for (const version of ['2025-03-26', '2025-06-18', '2025-11-25']) {
      const answer = await post({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } },
      });
      expect(answer.body.result.protocolVersion).toBe(version);
    }
    const future = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2099-01-01', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    expect(future.body.result.protocolVersion).toBe('2025-11-25');
    expect(future.body.result.capabilities).toMatchObject({ tools: {}, resources: {}, prompts: {} });
    const unsupportedHeader = await post(
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { ...json, 'MCP-Protocol-Version': '1999-01-01' },
    );
    expect(unsupportedHeader.status).toBe(400);
  });

  it('accepts JSON-RPC batches only in protocol 2025-03-26', async () => {
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ];
    const answered = await post(batch);
    expect(answered.status).toBe(200);
    expect(answered.body.map((entry: { id: number }) => entry.id)).toEqual([1, 2]);
    const refused = await post(batch, { ...json, 'MCP-Protocol-Version': '2025-06-18' });
    expect(refused.status).toBe(400);
  });

  it('serves 2026-07-28: server/discover with resultType, ttlMs, cacheScope and serverInfo in _meta', async () => {
    const discover = await post(
      { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: modernMeta } },
      modernHeaders('server/discover'),
    );
    expect(discover.status).toBe(200);
    expect(discover.body.result).toMatchObject({
      resultType: 'complete',
      supportedVersions: ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
      cacheScope: 'public',
    });
    expect(discover.body.result.ttlMs).toBeGreaterThan(0);
    expect(discover.body.result._meta['io.modelcontextprotocol/serverInfo'].name).toBe('example.fixture/directory');
    const call = await post(
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_stats', arguments: {}, _meta: modernMeta } },
      modernHeaders('tools/call', 'get_stats'),
    );
    expect(call.body.result.resultType).toBe('complete');
    expect(call.body.result).not.toHaveProperty('ttlMs');
    const list = await post(
      { jsonrpc: '2.0', id: 3, method: 'resources/list', params: { _meta: modernMeta } },
      modernHeaders('resources/list'),
    );
    expect(list.body.result).toMatchObject({ resultType: 'complete', cacheScope: 'public' });
  });

  it('answers the 2026-07-28 errors: header mismatch -32020, unsupported version -32022, missing _meta -32602, unknown method 404', async () => {
    const body = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_stats', arguments: {}, _meta: modernMeta },
    };
    const wrongName = await post(body, modernHeaders('tools/call', 'search'));
    expect([wrongName.status, wrongName.body.error.code]).toEqual([400, -32020]);
    const wrongMethod = await post(body, modernHeaders('tools/list', 'get_stats'));
    expect([wrongMethod.status, wrongMethod.body.error.code]).toEqual([400, -32020]);
    const noHeader = await post(body, json);
    expect([noHeader.status, noHeader.body.error.code]).toEqual([400, -32020]);
    const future = await post(
      {
        ...body,
        params: { ...body.params, _meta: { ...modernMeta, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } },
      },
      { ...modernHeaders('tools/call', 'get_stats'), 'MCP-Protocol-Version': '2099-01-01' },
    );
    expect([future.status, future.body.error.code]).toEqual([400, -32022]);
    expect(future.body.error.data).toEqual({
      supported: ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
      requested: '2099-01-01',
    });
    const noMeta = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }, modernHeaders('tools/list'));
    expect([noMeta.status, noMeta.body.error.code]).toEqual([400, -32602]);
    for (const method of ['initialize', 'ping', 'logging/setLevel']) {
      const removed = await post(
        { jsonrpc: '2.0', id: 9, method, params: { _meta: modernMeta } },
        modernHeaders(method),
      );
      expect([removed.status, removed.body.error.code], method).toEqual([404, -32601]);
    }
    const encoded = await post(body, modernHeaders('tools/call', `=?base64?${btoa('get_stats')}?=`));
    expect(encoded.status).toBe(200);
  });

  it('serves the server card at /mcp/server-card, the same as the .well-known one', async () => {
    const card = await (await fetch(`${urls[runtime]}mcp/server-card`)).json();
    const wellKnown = await (await fetch(`${urls[runtime]}.well-known/mcp/server-card.json`)).json();
    expect(card).toEqual(wellKnown);
    expect(card.remotes[0].url).toBe('https://fixture.example/mcp');
  });
});
