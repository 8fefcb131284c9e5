import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from './helpers/fixtures.js';
import { builtinSchemasDir } from '../src/util/paths.js';
import { schemaIdBase, SchemaRegistry } from '../src/schemas/registry.js';

// The registry skips checking schemas against the meta-schema on every build (it costs a tenth of
// a second per process and thread); this is where that check lives instead.
describe('the JSON Schemas in schemas/', () => {
  const files = fs.readdirSync(builtinSchemasDir).filter((name) => name.endsWith('.schema.json'));

  it.each(files)('%s is a valid draft 2020-12 schema with its $id', (file) => {
    const schema = JSON.parse(fs.readFileSync(path.join(builtinSchemasDir, file), 'utf8')) as Record<string, unknown>;
    const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true });
    expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
    expect(schema.$id).toBe(`${schemaIdBase}${file}`);
  });

  it('all compile in the registry', () => {
    const registry = new SchemaRegistry();
    for (const file of files)
      expect(typeof registry.validator(file.replace(/\.schema\.json$/, '') as never)).toBe('function');
  });

  it('are compiled ahead of time by `npm run compile`, and those validators report exactly what run-time ones do', () => {
    const ahead = new SchemaRegistry();
    const copy = tempDir();
    fs.cpSync(builtinSchemasDir, copy, { recursive: true });
    const atRunTime = new SchemaRegistry(copy);
    const compiled = createRequire(import.meta.url)(
      path.join(repoRoot, 'lib', 'schemas', 'validators', 'resource_frontmatter.cjs'),
    ) as Record<string, unknown>;
    expect(ahead.validator('resource.frontmatter')).toBe(compiled.validate);
    expect(atRunTime.validator('resource.frontmatter')).not.toBe(compiled.validate);
    const inputs = [
      { title: 1 },
      { title: 'T', description: 'D', category: 'c', tags: 'mcp', updated: '2026-13-01', extra: true },
      { title: 'T', description: 'D', category: 'c', tags: ['a'], updated: '2026-01-01' },
    ];
    for (const input of inputs) {
      const [a, b] = [ahead.validator('resource.frontmatter'), atRunTime.validator('resource.frontmatter')];
      expect(a(input)).toBe(b(input));
      expect(JSON.stringify(a.errors)).toBe(JSON.stringify(b.errors));
    }
  });
});
