import fs from 'node:fs';
import path from 'node:path';
import { AgentCard } from '@a2a-js/sdk';
import { DefaultAgentCardResolver } from '@a2a-js/sdk/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from './helpers/build-fixture.js';
import { copyFixture } from './helpers/fixtures.js';
import { startServe, type Runtime } from './helpers/runtimes.js';
import { siteUnderTest } from './helpers/site-under-test.js';

// The A2A agent card, as the official A2A client finds and reads it from a running `agentdir serve`.

let dist = '';
let serve: Runtime & { url: string };
beforeAll(async () => {
  const site = await siteUnderTest();
  dist = site.dist;
  serve = await startServe(site.dist, site.keysFile);
});
afterAll(async () => {
  await serve?.close();
});

describe('the A2A agent card', () => {
  it("is resolved by @a2a-js/sdk's card resolver at its well-known path and parses with no field lost", async () => {
    const card = await new DefaultAgentCardResolver().resolve(serve.url);
    const served = JSON.parse(fs.readFileSync(path.join(dist, 'public/.well-known/agent-card.json'), 'utf8'));
    // The SDK parsed it as an AgentCard message: writing that message back gives the file, so every
    // field has the name and type the protocol gives it.
    expect(AgentCard.toJSON(card)).toEqual(served);
    expect(card.name).toBe('Fixture Directory');
    expect(card.supportedInterfaces.map((face) => [face.protocolBinding, face.url])).toEqual([
      ['MCP', 'https://fixture.example/mcp'],
      ['HTTP', 'https://fixture.example/'],
    ]);
    expect(card.skills.map((skill) => skill.id)).toEqual(['search', 'read-resource', 'corpus', 'mcp', 'http-api']);
    expect(card.securitySchemes.accessKey?.scheme?.$case).toBe('httpAuthSecurityScheme');
  });

  it('is absent, and unlisted, when site.yaml sets `discovery.agent_card` to false', async () => {
    const content = copyFixture('minimal');
    fs.appendFileSync(path.join(content, 'site.yaml'), '\ndiscovery:\n  agent_card: false\n');
    const pub = path.join((await buildFixture(content)).outDir, 'public');
    expect(fs.existsSync(path.join(pub, '.well-known/agent-card.json'))).toBe(false);
    for (const file of ['.well-known/ard.json', 'llms.txt', 'index.md', '.well-known/api-catalog'])
      expect(fs.readFileSync(path.join(pub, file), 'utf8'), file).not.toContain('agent-card.json');
  });
});
