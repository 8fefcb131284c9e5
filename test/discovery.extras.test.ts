import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHeaderRules, headersFor } from '../src/shared/header-rules.js';
import { schemaRegistry } from '../src/schemas/registry.js';
import { runtimePair, type RuntimePair } from './helpers/runtime-pair.js';
import { siteUnderTest } from './helpers/site-under-test.js';

let dist = '';
let runtimes: RuntimePair;
beforeAll(async () => {
  const site = await siteUnderTest();
  dist = site.dist;
  runtimes = await runtimePair(site, { workerdKeys: false });
});
afterAll(() => runtimes?.close());

describe('discovery extras', () => {
  it('publishes llms.txt and llms-full.txt under /.well-known too, identical to the root ones', () => {
    for (const name of ['llms.txt', 'llms-full.txt']) {
      expect(fs.readFileSync(path.join(dist, 'public/.well-known', name), 'utf8')).toBe(
        fs.readFileSync(path.join(dist, 'public', name), 'utf8'),
      );
    }
  });

  it('publishes an MCP catalog pointing at the static server card, which a host without the worker serves', () => {
    const validate = schemaRegistry().validator('ard-manifest');
    const catalog = JSON.parse(fs.readFileSync(path.join(dist, 'public/.well-known/mcp/catalog.json'), 'utf8'));
    expect(validate(catalog), JSON.stringify(validate.errors)).toBe(true);
    expect(catalog.entries).toHaveLength(1);
    expect(catalog.entries[0]).toMatchObject({
      identifier: 'urn:air:fixture.example:mcp:directory',
      displayName: 'Fixture Directory MCP server',
      type: 'application/mcp-server-card+json',
      url: 'https://fixture.example/.well-known/mcp/server-card.json',
    });
    expect(fs.existsSync(path.join(dist, 'public/.well-known/mcp/server-card.json'))).toBe(true);
  });

  it.each(['serve', 'workerd'] as const)(
    'still answers /mcp/server-card with the card media type on %s',
    async (name) => {
      const response = await fetch(`${runtimes[name].url}mcp/server-card`, {
        headers: { Accept: 'application/mcp-server-card+json' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/mcp-server-card+json');
      expect((await response.json()).name).toBe('example.fixture/directory');
    },
  );

  it('gives static answers RFC 8288 Link headers to llms.txt, the RSL license and the server card', async () => {
    const rules = parseHeaderRules(fs.readFileSync(path.join(dist, 'public/_headers'), 'utf8'));
    const link = headersFor(rules, '/resources/wire-formats').link!;
    expect(link).toContain('<https://fixture.example/llms.txt>; rel="describedby"');
    expect(link).toContain('<https://fixture.example/license.xml>; rel="license"; type="application/rsl+xml"');
    expect(link).toContain('<https://fixture.example/.well-known/mcp/server-card.json>; rel="service-desc"');
    const served = await fetch(`${runtimes.serve.url}resources/wire-formats`);
    expect(served.headers.get('link')).toBe(link);
    expect((await fetch(`${runtimes.serve.url}license.xml`)).headers.get('content-type')).toBe('application/rsl+xml');
  });
});
