// isObject of shared/json-shapes.ts, for util/ and schemas/: shared/ takes its types from schemas/,
// which imports util/, so importing shared/ from either would close a loop between the folders.

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
