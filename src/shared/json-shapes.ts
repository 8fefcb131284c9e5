// Type guards for parsed JSON: JSON.parse answers `any`, and a cast would let a file of another shape
// (a corrupted cache, an older build, a stranger's site) reach code that trusts it. Small and
// hand-written, so the worker can use them without growing its bundle.

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON object whose every value is a JSON object, e.g. a table keyed by slug. */
export function isObjectOfObjects(value: unknown): value is Record<string, Record<string, unknown>> {
  return isObject(value) && Object.values(value).every(isObject);
}

/** `value` when it is a JSON object, else an empty one: for reading optional fields of JSON of any shape. */
export function objectOrEmpty(value: unknown): Record<string, unknown> {
  return isObject(value) ? value : {};
}

/** `value` when it is a JSON array, else an empty one. */
export function arrayOrEmpty(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
