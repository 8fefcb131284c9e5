import type { SchemaName, SchemaRegistry } from '../schemas/registry.js';

/** One file of the build, addressed relative to the output folder (`public/...` or `worker/...`). */
export interface OutputFile {
  path: string;
  content: string;
}

/** Thrown when the compiler produced output its own schema rejects: a bug to fix here, never the user's. */
export class OutputSchemaError extends Error {
  override readonly name = 'OutputSchemaError';
  constructor(path: string, schema: SchemaName, details: string) {
    super(`The build produced ${path}, which does not match schemas/${schema}.schema.json: ${details}. This is a bug in agentdir; please report it with the content that triggers it.`);
  }
}

export function assertValid(registry: SchemaRegistry, schema: SchemaName, value: unknown, path: string): void {
  const validate = registry.validator(schema);
  if (!validate(value)) {
    const details = (validate.errors ?? []).slice(0, 3).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`).join('; ');
    throw new OutputSchemaError(path, schema, details);
  }
}

/** A JSON output, checked against its schema before it can be written. */
export function jsonFile(registry: SchemaRegistry, path: string, value: unknown, schema: SchemaName): OutputFile {
  assertValid(registry, schema, value, path);
  return { path, content: `${JSON.stringify(value, null, 2)}\n` };
}

/** An NDJSON output: one compact JSON value per line, each checked against its record schema. */
export function ndjsonFile(registry: SchemaRegistry, path: string, records: unknown[], schema: SchemaName): OutputFile {
  const lines = records.map((record, index) => {
    assertValid(registry, schema, record, `${path} line ${index + 1}`);
    return JSON.stringify(record);
  });
  return { path, content: lines.length ? `${lines.join('\n')}\n` : '' };
}
