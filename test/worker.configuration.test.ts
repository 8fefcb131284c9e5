import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from './helpers/build-fixture.js';
import { copyFixture } from './helpers/fixtures.js';

type Worker = { fetch(request: Request, env?: Record<string, unknown>): Promise<Response> };
let worker: Worker;

/**
 * The built worker of a fixture whose site.yaml allows one extra browser origin for /mcp, and sells
 * through Permit2 (which, unlike EIP-3009, can move any token X402_ASSET names).
 */
beforeAll(async () => {
  const content = copyFixture('minimal');
  fs.appendFileSync(
    path.join(content, 'site.yaml'),
    'mcp:\n  allowed_origins: [https://console.partner.example]\nx402:\n  transfer_methods: [permit2]\n',
  );
  const { outDir } = await buildFixture(content);
  worker = (await import(`${pathToFileURL(path.join(outDir, 'worker/worker.js')).href}?configured`)).default as Worker;
});

const ping = (origin: string) =>
  worker.fetch(
    new Request('https://fixture.example/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: origin },
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    }),
  );

describe('worker configuration', () => {
  it('lets the origins listed in site.yaml mcp.allowed_origins call /mcp, and no other', async () => {
    expect((await ping('https://console.partner.example')).status).toBe(200);
    expect((await ping('https://console.partner.example.evil.test')).status).toBe(403);
    expect((await ping('https://other.example')).status).toBe(403);
  });

  it('takes the x402 asset and network from X402_ASSET and X402_NETWORK over site.yaml', async () => {
    const asset = '0x2222222222222222222222222222222222222222';
    const env = {
      X402_FACILITATOR_URL: 'http://127.0.0.1:9',
      X402_PAY_TO: '0x1111111111111111111111111111111111111111',
      X402_NETWORK: 'base-sepolia',
      X402_ASSET: asset,
    };
    const response = await worker.fetch(new Request('https://fixture.example/api/x402/data-formats'), env);
    expect(response.status).toBe(402);
    const [requirements] = ((await response.json()) as { accepts: Record<string, unknown>[] }).accepts;
    expect(requirements).toMatchObject({ asset, network: 'base-sepolia' });
    const defaults = await worker.fetch(new Request('https://fixture.example/api/x402/data-formats'), {
      ...env,
      X402_NETWORK: undefined,
      X402_ASSET: undefined,
    });
    expect(((await defaults.json()) as { accepts: Record<string, unknown>[] }).accepts[0]).toMatchObject({
      network: 'base',
      asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    });
  });
});
