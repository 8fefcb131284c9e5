import type { SchemaName, SchemaRegistry } from '../schemas/registry.js';
import { jsonText } from '../util/json-text.js';

/**
 * A part of a site-wide export made from one document. `key` names what it is made from, so a build
 * after a build copies the part from the previous output when the key is the same, and only calls
 * `make` for documents that changed.
 */
export interface KeyedPart {
  key: string;
  make: () => string;
}

/**
 * One file of the build, addressed relative to the output folder (`public/...` or `worker/...`).
 * Large files come as a sequence of chunks, produced while they are written, so no export of the
 * whole corpus is ever one string in memory.
 */
export interface OutputFile {
  path: string;
  /** Bytes only for files served exactly as a source holds them (a skill's files). */
  content: string | Uint8Array | Iterable<string | KeyedPart>;
  /**
   * Set on outputs made only from what the key names (a document's own files, one section of an
   * export): the next build keeps the file while its key is the same, and never reads `content`.
   */
  key?: string;
  /** Further paths that get the same bytes (copied once written, not produced again). */
  copies?: string[];
}

/** What emitters return: files produced one after another, written as they come. */
export type OutputFiles = Iterable<OutputFile>;

/** The whole text of an output (for tests and small files; the writer streams chunks instead). */
export function contentText(file: OutputFile): string {
  if (typeof file.content === 'string') return file.content;
  if (file.content instanceof Uint8Array) return Buffer.from(file.content).toString('utf8');
  return [...file.content].map((chunk) => (typeof chunk === 'string' ? chunk : chunk.make())).join('');
}

/** A chunk as it is written: the text itself, or the text its part makes (when it cannot be copied). */
export function chunkText(chunk: string | KeyedPart): string {
  return typeof chunk === 'string' ? chunk : chunk.make();
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
  return { path, content: `${jsonText(value, 2)}\n` };
}

/** A record of an export, made when it is written; `key` as for KeyedPart, for a record made from one document. */
export interface KeyedRecord {
  key?: string;
  record: () => unknown;
}

/** An NDJSON output: one compact JSON value per line, each checked against its record schema as it is written. */
export function ndjsonFile(
  registry: SchemaRegistry,
  path: string,
  records: Iterable<unknown>,
  schema: SchemaName,
): OutputFile {
  return keyedNdjsonFile(
    registry,
    path,
    (function* () {
      for (const record of records) yield { record: () => record };
    })(),
    schema,
  );
}

/** The same, for records a previous build may have made already (see KeyedPart): those are copied, not made or checked again. */
export function keyedNdjsonFile(
  registry: SchemaRegistry,
  path: string,
  records: Iterable<KeyedRecord>,
  schema: SchemaName,
): OutputFile {
  return {
    path,
    content: (function* () {
      let line = 0;
      for (const { key, record } of records) {
        const at = ++line;
        const make = () => {
          const value = record();
          assertValid(registry, schema, value, `${path} line ${at}`);
          return `${jsonText(value)}\n`;
        };
        yield key ? { key, make } : make();
      }
    })(),
  };
}
