import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startServe } from './helpers/runtimes.js';
import { siteUnderTest } from './helpers/site-under-test.js';

// The first address of this machine that is not loopback: how another machine on the network reaches serve.
const networkAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

let serve: Awaited<ReturnType<typeof startServe>>;

beforeAll(async () => {
  const site = await siteUnderTest();
  serve = await startServe(site.dist, site.keysFile, {}, 0, ['--host', '0.0.0.0']);
});
afterAll(() => serve?.close());

describe('agentdir serve: the readers report page', () => {
  it('shows this machine what the worker recorded, as the HTML report', async () => {
    await rawRequest(serve.url, '/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'GPTBot/1.2' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search', arguments: { query: 'zebra migration patterns in antarctica' } },
      }),
    });
    // Recorded after the answer: wait until the report shows it.
    let page = await rawRequest(serve.url, '/__agentdir/analytics?since=1d');
    for (let tries = 0; tries < 50 && !page.body.includes('zebra migration'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      page = await rawRequest(serve.url, '/__agentdir/analytics?since=1d');
    }
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Readers of Fixture Directory');
    expect(page.body).toContain('GPTBot');
    expect(page.body).toContain('zebra migration patterns in antarctica');
  });

  it('refuses a period it cannot read with a 400 saying what it takes', async () => {
    const page = await rawRequest(serve.url, '/__agentdir/analytics?since=yesterday');
    expect(page.status).toBe(400);
    expect(page.body).toContain('24h, 7d, 4w');
  });

  it.skipIf(!networkAddress)(
    'is not there for another machine, even with serve listening on every address',
    async () => {
      const url = serve.url.replace('0.0.0.0', networkAddress!).replace('127.0.0.1', networkAddress!);
      const page = await rawRequest(url, '/__agentdir/analytics');
      expect(page.status).toBe(404);
      expect(page.body).not.toContain('Readers of');
      // A client's own address header is not believed.
      const spoofed = await rawRequest(url, '/__agentdir/analytics', { headers: { 'cf-connecting-ip': '127.0.0.1' } });
      expect(spoofed.status).toBe(404);
    },
  );
});
