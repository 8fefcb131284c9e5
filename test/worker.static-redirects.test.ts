import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteUnderTest } from './helpers/site-under-test.js';
import { runtimePair, type RuntimePair } from './helpers/runtime-pair.js';

let runtimes: RuntimePair;

beforeAll(async () => {
  runtimes = await runtimePair(await siteUnderTest());
});
afterAll(() => runtimes?.close());

/** One table of expectations: `agentdir serve` answers each path as Cloudflare's assets do under the generated config. */
const expected: [pathname: string, status: number, location?: string][] = [
  ['/resources/wire-formats', 200],
  ['/resources/wire-formats/', 307, '/resources/wire-formats'],
  ['/resources/wire-formats/index.html', 307, '/resources/wire-formats'],
  ['/resources/wire-formats/?x=1', 307, '/resources/wire-formats?x=1'],
  ['/articles/first-steps/', 307, '/articles/first-steps'],
  ['/index.html', 307, '/'],
  ['/', 200],
  ['/llms.txt', 200],
  ['/no/such/page/', 404],
];

describe.each(['serve', 'workerd'] as const)('page URLs on %s', (name) => {
  it.each(expected)('%s answers %i', async (pathname, status, location) => {
    const response = await runtimes[name].request(pathname);
    expect(response.status).toBe(status);
    if (location)
      expect(
        new URL(response.headers.get('location')!, 'http://x').pathname +
          new URL(response.headers.get('location')!, 'http://x').search,
      ).toBe(location);
  });
});
