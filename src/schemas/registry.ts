import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { builtinSchemasDir } from '../util/paths.js';

// ajv-formats ships CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export const schemaIdBase = 'https://agentdir.dev/schemas/';

export type SchemaName =
  | 'common'
  | 'site'
  | 'resource.frontmatter'
  | 'cluster'
  | 'article.frontmatter'
  | 'paths'
  | 'resource-index'
  | 'resource'
  | 'article-index'
  | 'article'
  | 'search-index'
  | 'corpus-record'
  | 'corpus'
  | 'categories'
  | 'tags'
  | 'paths-index'
  | 'pricing'
  | 'payment'
  | 'server-card'
  | 'finetune-record'
  | 'evals-record'
  | 'payment-required'
  | 'corpus-license-required'
  | 'mcp-catalog';

/** Every schema in `schemas/`, compiled once per process and shared by validation and the build. */
export class SchemaRegistry {
  readonly ajv: Ajv2020;
  private readonly compiled = new Map<SchemaName, ValidateFunction>();
  private readonly raw = new Map<string, Record<string, unknown>>();

  constructor(dir = builtinSchemasDir) {
    this.ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, verbose: true, allowUnionTypes: true });
    addFormats(this.ajv);
    for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.schema.json')).sort()) {
      const schema = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
      this.raw.set(file.replace(/\.schema\.json$/, ''), schema);
      this.ajv.addSchema(schema);
    }
  }

  validator(name: SchemaName): ValidateFunction {
    let validate = this.compiled.get(name);
    if (!validate) {
      validate = this.ajv.getSchema(`${schemaIdBase}${name}.schema.json`);
      if (!validate) throw new Error(`No schema named \`${name}\` in schemas/.`);
      this.compiled.set(name, validate);
    }
    return validate;
  }

  /** The schema document as written, e.g. to publish it as /api/corpus.schema.json. */
  document(name: SchemaName): Record<string, unknown> {
    const schema = this.raw.get(name);
    if (!schema) throw new Error(`No schema named \`${name}\` in schemas/.`);
    return schema;
  }
}

let shared: SchemaRegistry | undefined;

export function schemaRegistry(): SchemaRegistry {
  shared ??= new SchemaRegistry();
  return shared;
}
