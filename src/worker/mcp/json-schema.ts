import { isObject } from '../../shared/json-shapes.js';

// Small builders for the tools' JSON Schemas, and a validator for the subset the input schemas use.

export type JsonSchema = Record<string, unknown>;

export const string = (description: string, extra: JsonSchema = {}): JsonSchema => ({
  type: 'string',
  description,
  ...extra,
});
export const integer = (description: string, extra: JsonSchema = {}): JsonSchema => ({
  type: 'integer',
  description,
  ...extra,
});
export const boolean = (description: string): JsonSchema => ({ type: 'boolean', description });
export const number = (description: string): JsonSchema => ({ type: 'number', description });
export const array = (items: JsonSchema, description?: string): JsonSchema => ({
  type: 'array',
  items,
  ...(description ? { description } : {}),
});
export const object = (
  properties: Record<string, JsonSchema>,
  required: string[] = [],
  extra: JsonSchema = {},
): JsonSchema => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
  ...extra,
});
/** A closed input object: unknown arguments are refused, so a typo never passes silently. */
export const input = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema =>
  object(properties, required, { additionalProperties: false });
/** An object whose fields are not enumerated here (a document the site publishes). */
export const anyObject = (description: string): JsonSchema => ({ type: 'object', description });

export { apiKeyArgument, slugArgument } from '../../shared/mcp.js';
export const cursorArgument = string('Opaque cursor from a previous nextCursor.', { maxLength: 100 });
export const limitArgument = (max: number, fallback: number) =>
  integer(`How many items to return (1-${max}, default ${fallback}).`, { minimum: 1, maximum: max });

/** Checks arguments against an input schema built above. Returns a message naming the field, or null. */
export function argumentProblem(schema: JsonSchema, value: unknown): string | null {
  if (value === undefined) value = {};
  if (!isObject(value)) return 'arguments must be an object';
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const record = value;
  for (const name of (schema.required ?? []) as string[])
    if (record[name] === undefined) return `\`${name}\` is required`;
  for (const [name, field] of Object.entries(record)) {
    const rule = properties[name];
    if (!rule)
      return `\`${name}\` is not an argument of this tool (known: ${Object.keys(properties).join(', ') || 'none'})`;
    const problem = fieldProblem(rule, field);
    if (problem) return `\`${name}\` ${problem}`;
  }
  return null;
}

function fieldProblem(rule: JsonSchema, value: unknown): string | null {
  switch (rule.type) {
    case 'string':
      if (typeof value !== 'string') return 'must be a string';
      if (typeof rule.maxLength === 'number' && value.length > rule.maxLength)
        return `must be at most ${rule.maxLength} characters`;
      if (typeof rule.minLength === 'number' && value.length < rule.minLength)
        return `must be at least ${rule.minLength} characters`;
      if (Array.isArray(rule.enum) && !rule.enum.includes(value)) return `must be one of ${rule.enum.join(', ')}`;
      if (typeof rule.pattern === 'string' && !new RegExp(rule.pattern).test(value))
        return `must match ${rule.pattern}`;
      return null;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return 'must be a whole number';
      if (typeof rule.minimum === 'number' && value < rule.minimum) return `must be at least ${rule.minimum}`;
      if (typeof rule.maximum === 'number' && value > rule.maximum) return `must be at most ${rule.maximum}`;
      return null;
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    default:
      return null;
  }
}
