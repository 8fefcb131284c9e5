import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteUnderTest } from './helpers/site-under-test.js';
import { startServe, startWorkerd, type Runtime } from './helpers/runtimes.js';
import { toolCallRequest } from './helpers/mcp-call.js';

const runtimes: (Runtime & { url: string })[] = [];

beforeAll(async () => {
  const site = await siteUnderTest();
  runtimes.push(
    await startServe(site.dist, site.keysFile),
    await startWorkerd(site.dist, {
      AGENTDIR_KEYS: site.secret(),
      X402_FACILITATOR_URL: 'http://127.0.0.1:9/',
      X402_PAY_TO: '0x0000000000000000000000000000000000000001',
    }),
  );
});
afterAll(async () => {
  await Promise.all(runtimes.map((runtime) => runtime.close()));
});

// Names of JavaScript built-ins: a lookup in a plain object finds Object's own members under them.
const builtins = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

describe.each(['serve', 'workerd'] as const)('slugs named like JavaScript built-ins on %s', (name) => {
  const runtime = () => runtimes.find((candidate) => candidate.name === name)!;

  it.each(builtins)('%s is an unknown slug on every gated route, never a 5xx', async (slug) => {
    for (const pathname of [
      `/api/x402/${slug}`,
      `/resources/${slug}.md`,
      `/api/resources/${slug}.json`,
      `/resources/${slug}`,
    ]) {
      const response = await runtime().request(pathname);
      expect(response.status, pathname).toBeLessThan(500);
      expect([400, 404], pathname).toContain(response.status);
    }
  });

  it.each(builtins)('MCP get_resource and check_access answer %s as an unknown resource', async (slug) => {
    for (const tool of ['get_resource', 'check_access']) {
      const response = await fetch(new URL('/mcp', runtime().url), toolCallRequest(tool, { slug }));
      expect(response.status).toBe(200);
      const body = (await response.json()) as { result?: { isError?: boolean }; error?: { code: number } };
      expect(body.error?.code, `${tool} ${slug}`).not.toBe(-32603);
      if (body.result) expect(body.result.isError, `${tool} ${slug}`).toBe(true);
    }
  });
});
