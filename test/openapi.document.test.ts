import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { validate as validateOpenApi } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkOpenApiDocument, OpenApiDocumentError } from '../src/emit/openapi/check-document.js';
import { schemaRegistry } from '../src/schemas/registry.js';
import { workerRouteTable } from '../src/shared/routes.js';
import { buildFixture } from './helpers/build-fixture.js';
import { copyFixture, fixturesDir, readJson, repoRoot } from './helpers/fixtures.js';

type Json = Record<string, any>;

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

let pub = '';
let document: Json;
beforeAll(async () => {
  const { outDir } = await buildFixture(path.join(fixturesDir, 'minimal'));
  pub = path.join(outDir, 'public');
  document = readJson(path.join(pub, 'openapi.json')) as Json;
});

const operations = () =>
  Object.entries(document.paths as Record<string, Json>).flatMap(([template, item]) =>
    Object.entries(item).map(([method, operation]) => ({ template, method, operation: operation as Json })),
  );

describe('openapi.json', () => {
  it('is a valid OpenAPI 3.1.0 document, version 1.0.0, to an independent parser', async () => {
    const result = await validateOpenApi(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.0.0');
    expect(document.servers).toEqual([{ url: 'https://fixture.example', description: 'Fixture Directory' }]);
  });

  it('has the same document as YAML', () => {
    expect(parse(fs.readFileSync(path.join(pub, 'openapi.yaml'), 'utf8'))).toEqual(document);
  });

  it('gives every operation an operationId, a one-line summary, a tag and a described answer', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { operation } of operations()) {
      expect(operation.summary, operation.operationId).toMatch(/^[^\n]{8,90}$/);
      expect(operation.tags?.length, operation.operationId).toBeGreaterThan(0);
      expect(Object.keys(operation.responses).length, operation.operationId).toBeGreaterThan(0);
    }
  });

  it('takes every response schema from schemas/ as written, and every one compiles', () => {
    const registry = schemaRegistry();
    const pascal = (name: string) =>
      name
        .split(/[-.]/)
        .map((word) => word[0]!.toUpperCase() + word.slice(1))
        .join('');
    const withoutRefs = (schema: unknown) =>
      JSON.parse(JSON.stringify(schema, (key, value) => (key === '$ref' ? undefined : value)));
    const common = registry.document('common').$defs as Json;
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(document, 'openapi');
    for (const [name, schema] of Object.entries(document.components.schemas as Record<string, Json>)) {
      ajv.compile({ $ref: `openapi#/components/schemas/${name}` });
      const source = registry.names().find((candidate) => pascal(candidate) === name);
      if (source) {
        expect(schema.title, name).toBe(registry.document(source).title);
        continue;
      }
      // A definition of common.schema.json is a component of its own, which references name whole.
      const definition = Object.keys(common).find((candidate) => `Common${pascal(candidate)}` === name);
      expect(definition, name).toBeDefined();
      expect(withoutRefs(schema), name).toEqual(withoutRefs(common[definition!]));
    }
    expect(document.components.schemas.Common).toBeUndefined();
    expect(document.components.schemas.ResourceIndex.properties.url).toEqual({
      $ref: '#/components/schemas/CommonUrl',
    });
    expect(document.paths['/api/resources.json'].get.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ResourceIndex',
    });
  });

  it('gives the main answers examples, each valid against the schema beside it', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addSchema(document, 'openapi');
    const examples: string[] = [];
    const walk = (node: unknown, at: string[]) => {
      if (typeof node !== 'object' || node === null) return;
      const media = node as Json;
      if ('example' in media && 'schema' in media) {
        const pointer = [...at, 'schema'].map((token) =>
          encodeURIComponent(token.replaceAll('~', '~0').replaceAll('/', '~1')),
        );
        const validate = ajv.compile({ $ref: `openapi#/${pointer.join('/')}` });
        expect(validate(media.example), `${at.join(' ')}: ${ajv.errorsText(validate.errors)}`).toBe(true);
        examples.push(at.join(' '));
      }
      for (const [key, value] of Object.entries(media)) walk(value, [...at, key]);
    };
    walk(document.paths, ['paths']);
    expect(examples.length).toBeGreaterThanOrEqual(10);
  });

  it('asks for a key on exactly the gated operations: optional for the premium variants, required for the full corpus', () => {
    // /api/x402/{slug} takes a payment instead (an optional Payment credential), not a key.
    const keyed = (requirement: Json) => 'bearerKey' in requirement || 'apiKeyHeader' in requirement;
    const gated = operations().filter(({ operation }) => operation.security.some(keyed));
    // The others need no credentials, and say so: `security: []`.
    for (const { template, operation } of operations()) expect(operation.security, template).toEqual(expect.any(Array));
    expect(gated.map(({ template }) => template).sort()).toEqual([
      '/api/corpus.full.jsonl',
      '/api/resources/{slug}.json',
      '/resources/{slug}',
      '/resources/{slug}.md',
    ]);
    for (const { template, operation } of gated) {
      const schemes = operation.security.flatMap((requirement: Json) => Object.keys(requirement)).sort();
      expect(schemes, template).toEqual(['apiKeyHeader', 'bearerKey']);
      expect(
        operation.security.some((requirement: Json) => !Object.keys(requirement).length),
        template,
      ).toBe(template !== '/api/corpus.full.jsonl');
      expect(Object.keys(operation.responses), template).toContain('402');
    }
    expect(document.components.securitySchemes).toMatchObject({
      bearerKey: { type: 'http', scheme: 'bearer' },
      apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
    });
  });

  it("carries the site's prices and a 402 example the worker would answer", () => {
    const gated = document.paths['/resources/{slug}.md'].get;
    expect(gated.description).toContain('5 EUR');
    expect(gated.description).toContain('0.05 USD');
    const example = gated.responses['402'].content['application/json'].example;
    const validate = schemaRegistry().validator('payment-required');
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    expect(example.resource).toBe('data-formats');
  });

  it('describes the WWW-Authenticate challenge beside Link and Cache-Control on every 402 a key clears', () => {
    const keyed = operations().filter(({ operation }) =>
      operation.security?.some((requirement: Json) => 'bearerKey' in requirement),
    );
    expect(keyed.map(({ template }) => template).sort()).toEqual([
      '/api/corpus.full.jsonl',
      '/api/resources/{slug}.json',
      '/resources/{slug}',
      '/resources/{slug}.md',
    ]);
    for (const { template, operation } of keyed) {
      const headers = operation.responses['402'].headers;
      expect(Object.keys(headers).sort(), template).toEqual(['Cache-Control', 'Link', 'WWW-Authenticate']);
      expect(headers['WWW-Authenticate'].description, template).toMatch(/invalid_token.*insufficient_scope/);
    }
  });

  it('describes every row of the worker route table under its operationId and path', () => {
    const byId = new Map(operations().map((entry) => [entry.operation.operationId, entry]));
    for (const entry of workerRouteTable) {
      const described = byId.get(entry.operationId);
      expect(described, entry.path).toBeDefined();
      expect(described!.template, entry.operationId).toBe(
        entry.path.replace('{premium}', '{slug}').replace(/(.)\/$/, '$1'),
      );
      expect(described!.method.toUpperCase(), entry.operationId).toBe(entry.methods[0]);
      // A key opens the gated rows (x402 takes a payment instead); a free row may share a gated operation.
      if (entry.gated && entry.kind !== 'x402')
        expect(described!.operation.security, entry.operationId).not.toEqual([]);
    }
  });
});

const redocly = path.join(repoRoot, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

/**
 * Every problem Redocly's `recommended` ruleset finds in a document, one line each. Run from the
 * document's folder so no redocly.yaml adds rules, with its usage data and update check off: the
 * lint never leaves the machine.
 */
function redoclyProblems(file: string): string[] {
  const lint = spawnSync(process.execPath, [redocly, 'lint', '--extends=recommended', '--format=json', file], {
    cwd: path.dirname(file),
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
    timeout: 60_000,
  });
  if (!lint.stdout.trim().startsWith('{')) throw new Error(`redocly lint printed no report:\n${lint.stderr}`);
  const report = JSON.parse(lint.stdout) as {
    problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
  };
  const problems = report.problems.map(
    ({ severity, ruleId, message, location }) => `${severity} ${ruleId} at ${location[0]?.pointer}: ${message}`,
  );
  if (!problems.length) expect(lint.status, lint.stderr).toBe(0);
  return problems;
}

describe("Redocly's recommended ruleset", () => {
  it('finds no error and no warning in openapi.json', () => {
    expect(redoclyProblems(path.join(pub, 'openapi.json'))).toEqual([]);
  });

  it('finds none either when llms.txt is split into section files, which adds their operations', async () => {
    const content = copyFixture('minimal');
    fs.appendFileSync(path.join(content, 'site.yaml'), '\nllms_txt:\n  max_characters: 1500\n');
    const { outDir } = await buildFixture(content);
    const file = path.join(outDir, 'public', 'openapi.json');
    expect(Object.keys(readJson<Json>(file).paths)).toContain('/llms/{section}.txt');
    expect(redoclyProblems(file)).toEqual([]);
  });
});

describe('discovery of the interface description', () => {
  it('is linked from llms.txt, the Link header of every page, and the RFC 9727 API catalog', () => {
    expect(fs.readFileSync(path.join(pub, 'llms.txt'), 'utf8')).toContain(
      'OpenAPI at https://fixture.example/openapi.json',
    );
    const headers = fs.readFileSync(path.join(pub, '_headers'), 'utf8');
    expect(headers).toContain('<https://fixture.example/openapi.json>; rel="service-desc"');
    expect(headers).toContain('<https://fixture.example/.well-known/api-catalog>; rel="api-catalog"');
    const catalog = readJson(path.join(pub, '.well-known/api-catalog')) as Json;
    expect(catalog.linkset[0].anchor).toBe('https://fixture.example');
    expect(catalog.linkset[0]['service-desc'][0].href).toBe('https://fixture.example/openapi.json');
  });
});

describe('a document that fails its own validation', () => {
  it('stops the build with the place of the problem, before anything is written', () => {
    const broken = structuredClone(document);
    broken.paths['/api/resources.json'].get.responses['200'] = { content: {} };
    broken.paths['/api/tags.json'].get.responses['200'].content['application/json'].schema = {
      $ref: '#/components/schemas/NoSuchSchema',
    };
    let error: unknown;
    try {
      checkOpenApiDocument('public/openapi.json', broken);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(OpenApiDocumentError);
    expect((error as Error).message).toContain('public/openapi.json');
    expect((error as Error).message).toContain(
      "/paths/~1api~1resources.json/get/responses/200 must have required property 'description'",
    );
  });
});
