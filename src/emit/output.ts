import type { SchemaName, SchemaRegistry } from '../schemas/registry.js';

/**
 * One file of the build, addressed relative to the output folder (`public/...` or `worker/...`).
 * Large files come as a sequence of chunks, produced while they are written, so no export of the
 * whole corpus is ever one string in memory.
 */
export interface OutputFile {
  path: string;
  content: string | Iterable<string>;
  /** Set on a document's own outputs: the key under which the next build may reuse them. */
  key?: string;
  /** Further paths that get the same bytes (copied once written, not produced again). */
  copies?: string[];
}

/** What emitters return: files produced one after another, written as they come. */
export type OutputFiles = Iterable<OutputFile>;

/** The whole text of an output (for tests and small files; the writer streams chunks instead). */
export function contentText(file: OutputFile): string {
  return typeof file.content === 'string' ? file.content : [...file.content].join('');
}

/** Thrown when the compiler produced output its own schema rejects: a bug to fix here, never the user's. */
export class OutputSchemaError extends Error {
  override readonly name = 'OutputSchemaError';
  constructor(path: string, schema: SchemaName, details: string) {
    super(
      `The build produced ${path}, which does not match schemas/${schema}.schema.json: ${details}. This is a bug in agentdir; please report it with the content that triggers it.`,
    );
  }
}

export function assertValid(registry: SchemaRegistry, schema: SchemaName, value: unknown, path: string): void {
  const validate = registry.validator(schema);
  if (!validate(value)) {
    const details = (validate.errors ?? [])
      .slice(0, 3)
      .map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`)
      .join('; ');
    throw new OutputSchemaError(path, schema, details);
  }
}

/** A JSON output, checked against its schema before it can be written. */
export function jsonFile(registry: SchemaRegistry, path: string, value: unknown, schema: SchemaName): OutputFile {
  assertValid(registry, schema, value, path);
  return { path, content: `${JSON.stringify(value, null, 2)}\n` };
}

/** An NDJSON output: one compact JSON value per line, each checked against its record schema as it is written. */
export function ndjsonFile(
  registry: SchemaRegistry,
  path: string,
  records: Iterable<unknown>,
  schema: SchemaName,
): OutputFile {
  return {
    path,
    content: (function* () {
      let line = 0;
      for (const record of records) {
        assertValid(registry, schema, record, `${path} line ${++line}`);
        yield `${JSON.stringify(record)}\n`;
      }
    })(),
  };
}
