import path from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { schemaRegistry, type SchemaName } from '../schemas/registry.js';
import { builtinSchemasDir, displayPath } from '../util/paths.js';
import type { Problem } from '../errors/problem.js';
import { closestName } from '../util/closest-name.js';
import { fileProblem } from './file-problem.js';
import { positionOf, type YamlSource } from './source-file.js';

/**
 * Validates parsed YAML against the schema `schema` (compiled once: `validate`, when the caller
 * holds it) and turns each ajv error into a located, actionable problem.
 */
export function validateAgainstSchema(
  source: YamlSource,
  schema: SchemaName,
  what: string,
  validate: ValidateFunction = schemaRegistry().validator(schema),
): Problem[] {
  if (validate(source.data ?? {})) return [];
  const errors = collapse(validate.errors ?? []);
  // Where a field has no description, the hint points at the schema file that ships with the package.
  const schemaFile = displayPath(path.join(builtinSchemasDir, `${schema}.schema.json`));
  return errors.map((error) => toProblem(source, error, what, schemaFile));
}

// `if/then` and `oneOf` wrap the errors that say what is really wrong; keep those. When a field and
// a definition it refers to (common.schema.json `line`) both fail alike, keep the field's own error:
// its schema has the field's description, which the hint quotes.
function collapse(errors: ErrorObject[]): ErrorObject[] {
  const meaningful = errors
    .filter((error) => !['if', 'oneOf', 'anyOf', 'not'].includes(error.keyword) || errors.length === 1)
    .sort((a, b) => Number(!a.schemaPath.startsWith('#')) - Number(!b.schemaPath.startsWith('#')));
  const seen = new Set<string>();
  return meaningful.filter((error) => {
    const key = `${error.instancePath}|${error.keyword}|${JSON.stringify(error.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function segmentsOf(instancePath: string): (string | number)[] {
  if (!instancePath) return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

function toProblem(source: YamlSource, error: ErrorObject, what: string, schemaFile: string): Problem {
  const segments = segmentsOf(error.instancePath);

  if (error.keyword === 'additionalProperties') {
    const name = String((error.params as { additionalProperty: string }).additionalProperty);
    const field = [...segments, name].join('.');
    const allowed = Object.keys((error.parentSchema as { properties?: object })?.properties ?? {});
    const at = { ...positionOf(source, [...segments, name], true), field };
    return fileProblem(source.file, 'UnknownField', { field, of: what, near: closestName(name, allowed), allowed }, at);
  }
  if (error.keyword === 'required') {
    const name = String((error.params as { missingProperty: string }).missingProperty);
    const field = [...segments, name].join('.');
    const property = (error.parentSchema as { properties?: Record<string, unknown> })?.properties?.[name];
    const args = { field, of: what, name, description: describe(property) };
    return fileProblem(source.file, 'MissingField', args, { ...positionOf(source, segments), field });
  }

  const field = segments.join('.');
  const rule = textRule(error);
  if (rule && typeof error.data === 'string') {
    const args = { subject: field || what, rule, ...firstRefused(error.data, String(error.params.pattern)) };
    return fileProblem(source.file, 'LineBreakInField', args, { ...positionOf(source, segments), field });
  }
  const args = {
    subject: field || what,
    rule: explain(error),
    got: error.data === undefined ? undefined : preview(error.data),
    description: describe(error.parentSchema),
    schemaFile,
  };
  return fileProblem(source.file, 'SchemaViolation', args, { ...positionOf(source, segments), field });
}

/** The rule of a text field that failed: `line` or `paragraph` of schemas/common.schema.json, which input schemas refer to. */
function textRule(error: ErrorObject): 'line' | 'paragraph' | undefined {
  if (error.keyword !== 'pattern') return undefined;
  return /^common\.schema\.json#\/\$defs\/(line|paragraph)\/pattern$/.exec(error.schemaPath)?.[1] as
    | 'line'
    | 'paragraph'
    | undefined;
}

/** Names of the characters some reader ends a line at; any other refused character is a control character. */
const lineBreakNames: Record<string, string> = {
  '\n': 'line feed',
  '\r': 'carriage return',
  '\u000b': 'line tabulation',
  '\f': 'form feed',
  '\u001c': 'file separator',
  '\u001d': 'group separator',
  '\u001e': 'record separator',
  '\u0085': 'next line',
  '\u2028': 'line separator',
  '\u2029': 'paragraph separator',
};

/** The first character of `value` the field's `pattern` refuses: as U+XXXX, its line-break name, its 1-based position. */
function firstRefused(value: string, pattern: string): { character: string; name?: string; position: number } {
  const allowed = new RegExp(pattern, 'u');
  const characters = [...value];
  // The pattern failed, so some character is refused; the first is what the message names.
  const index = Math.max(
    0,
    characters.findIndex((character) => !allowed.test(character)),
  );
  const character = characters[index] ?? '';
  const name = lineBreakNames[character];
  return {
    character: `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`,
    ...(name ? { name } : {}),
    position: index + 1,
  };
}

function explain(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type': {
      const schema = error.parentSchema as { type?: string; items?: { type?: string } };
      if (schema?.type === 'array' && schema.items?.type) return `must be a list of ${schema.items.type}s`;
      return `must be ${article(String(params.type))}`;
    }
    case 'format':
      return params.format === 'date'
        ? 'must be a real calendar date written YYYY-MM-DD'
        : `must be a valid ${String(params.format)}`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'pattern': {
      const pattern = String(params.pattern);
      if (pattern.startsWith('^[a-z0-9]+(-[a-z0-9]+)*$'))
        return 'must be lowercase kebab-case (letters, digits and single hyphens)';
      if (pattern === '^https?://') return 'must be an absolute http(s) URL';
      return `must match ${pattern}`;
    }
    case 'minLength':
      return params.limit === 1 ? 'must not be empty' : `must be at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters`;
    case 'minItems':
      return `must list at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `must list at most ${String(params.limit)} items`;
    case 'uniqueItems':
      return `must not repeat an item (items ${String(params.j)} and ${String(params.i)} are equal)`;
    case 'minimum':
      return `must be at least ${String(params.limit)}`;
    case 'maximum':
      return `must be at most ${String(params.limit)}`;
    default:
      return error.message ?? 'is invalid';
  }
}

function article(type: string): string {
  const words: Record<string, string> = {
    string: 'a string',
    boolean: 'true or false',
    integer: 'a whole number',
    number: 'a number',
    array: 'a list',
    object: 'a mapping of fields',
    null: 'empty',
  };
  return type
    .split(',')
    .map((part) => words[part] ?? part)
    .join(' or ');
}

function describe(schema: unknown): string {
  const text = (schema as { description?: unknown } | undefined)?.description;
  return typeof text === 'string' ? text : '';
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
