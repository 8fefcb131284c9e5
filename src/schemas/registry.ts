import fs from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { createRequire } from 'node:module';
import { builtinSchemasDir, packageRoot } from '../util/paths.js';
import { isObject } from '../util/json-object.js';
import { exportName, registryOptions, schemasDigest } from './registry-options.js';
import { draft2020Compiler } from './schema-compilers.js';

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
  | 'ard-manifest'
  | 'agent-card'
  | 'agent-skills-index'
  | 'legacy-skills-index'
  | 'error'
  | 'x402-payment-required'
  | 'x402-payment-required-v2'
  | 'grader-request'
  | 'grader-report'
  | 'feedback-request'
  | 'feedback-receipt';

/** Compiled ahead of time by `npm run compile` (scripts/compile-validators.mjs), one module per schema. */
const precompiledDir = path.join(packageRoot, 'lib', 'schemas', 'validators');

/** The ahead-of-time validator of `name`, when it was compiled from exactly these schemas. */
function precompiledValidator(name: SchemaName, digest: string): ValidateFunction | undefined {
  const file = path.join(precompiledDir, `${exportName(name)}.cjs`);
  if (!fs.existsSync(file)) return undefined;
  try {
    const compiled = createRequire(import.meta.url)(file) as { validate?: ValidateFunction; schemasDigest?: string };
    return compiled.schemasDigest === digest ? compiled.validate : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every schema in `schemas/`, compiled once and shared by validation and the build: ahead of time
 * when lib/ holds validators compiled from these very schemas (each module loaded when first asked
 * for), otherwise on first use.
 */
export class SchemaRegistry {
  private compiler: Ajv2020 | undefined;
  private readonly compiled = new Map<SchemaName, ValidateFunction>();
  private readonly raw = new Map<string, Record<string, unknown>>();
  /** The digest the ahead-of-time validators must carry; undefined for schemas other than the built-in ones. */
  private readonly digest: string | undefined;

  constructor(dir = builtinSchemasDir) {
    const files = fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.schema.json'))
      .sort();
    const texts = files.map((file) => fs.readFileSync(path.join(dir, file), 'utf8'));
    files.forEach((file, index) => {
      const schema: unknown = JSON.parse(texts[index]!);
      if (!isObject(schema)) throw new Error(`${path.join(dir, file)} is not a JSON Schema: it holds no JSON object.`);
      this.raw.set(file.replace(/\.schema\.json$/, ''), schema);
    });
    this.digest = path.resolve(dir) === builtinSchemasDir ? schemasDigest(files, texts) : undefined;
  }

  validator(name: SchemaName): ValidateFunction {
    let validate = this.compiled.get(name);
    if (!validate) {
      validate =
        (this.digest === undefined ? undefined : precompiledValidator(name, this.digest)) ??
        this.ajv().getSchema(`${schemaIdBase}${name}.schema.json`);
      if (!validate) throw new Error(`No schema named \`${name}\` in schemas/.`);
      this.compiled.set(name, validate);
    }
    return validate;
  }

  /** The compiler of the schemas no ahead-of-time validator covers: made on first use, as most commands never need it. */
  private ajv(): Ajv2020 {
    if (!this.compiler) {
      this.compiler = draft2020Compiler(registryOptions, { formats: true });
      for (const schema of this.raw.values()) this.compiler.addSchema(schema);
    }
    return this.compiler;
  }

  /** Every schema name in schemas/, sorted. */
  names(): SchemaName[] {
    return [...this.raw.keys()].sort() as SchemaName[];
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
