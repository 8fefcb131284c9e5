import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { buildFixture } from './helpers/build-fixture.js';
import { copyFixture, fixturesDir, repoRoot } from './helpers/fixtures.js';
import { runCli } from './helpers/run-cli.js';
import { stackTraceLines } from './helpers/stack-trace.js';

// /.well-known/mcp/server.json: the MCP server as the MCP registry describes remote servers, valid
// against the registry's published schema; a site.yaml that cannot make a valid one is a located problem.

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const schemaFile = path.join(repoRoot, 'schemas/vendor/mcp-registry-server-2025-12-11.schema.json');

describe("the MCP registry's server.json", () => {
  it('validates against the published 2025-12-11 schema, as a remote Streamable HTTP server at /mcp', async () => {
    const schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8'));
    expect(schema.$id).toBe('https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json');
    const validate = addFormats(new Ajv({ strict: false, allErrors: true })).compile(schema);
    const { outDir } = await buildFixture(path.join(fixturesDir, 'minimal'));
    const server = JSON.parse(fs.readFileSync(path.join(outDir, 'public/.well-known/mcp/server.json'), 'utf8'));
    expect(validate(server), JSON.stringify(validate.errors)).toBe(true);
    expect(server).toMatchObject({
      $schema: schema.$id,
      name: 'example.fixture/directory',
      remotes: [{ type: 'streamable-http', url: 'https://fixture.example/mcp' }],
    });
    // The same server the server card describes.
    const card = JSON.parse(fs.readFileSync(path.join(outDir, 'public/.well-known/mcp/server-card.json'), 'utf8'));
    expect([server.name, server.version, server.description]).toEqual([card.name, card.version, card.description]);
  });

  it('stops the build at site.yaml `name` when the name is too long for the registry, writing nothing', () => {
    const content = copyFixture('minimal');
    const file = path.join(content, 'site.yaml');
    fs.writeFileSync(
      file,
      fs.readFileSync(file, 'utf8').replace(/^name: .*$/m, `name: ${'Fixture '.repeat(14)}Directory`),
    );
    const out = path.join(path.dirname(content), 'dist');
    const result = runCli(path.dirname(content), [
      'build',
      path.basename(content),
      '--out',
      out,
      '--format',
      'json',
      '--no-cache',
    ]);
    expect(stackTraceLines(result.stdout + result.stderr)).toEqual([]);
    expect(result.code).toBe(1);
    const problems = JSON.parse(result.stdout).problems as Record<string, string>[];
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: 'InvalidRegistryServer',
      file: expect.stringMatching(/site\.yaml$/),
      field: 'name',
    });
    expect(problems[0]!.message).toContain('`/title`');
    expect(fs.existsSync(path.join(out, 'public'))).toBe(false);
  });

  it('is absent, and unlisted, when site.yaml sets `discovery.mcp_install` to false', async () => {
    const content = copyFixture('minimal');
    fs.appendFileSync(path.join(content, 'site.yaml'), '\ndiscovery:\n  mcp_install: false\n');
    const pub = path.join((await buildFixture(content)).outDir, 'public');
    expect(fs.existsSync(path.join(pub, '.well-known/mcp/server.json'))).toBe(false);
    for (const file of ['.well-known/ard.json', 'llms.txt', 'index.md', '.well-known/api-catalog'])
      expect(fs.readFileSync(path.join(pub, file), 'utf8'), file).not.toContain('mcp/server.json');
  });
});
