type Json = Record<string, unknown>;

/**
 * The fields of a JSON document that are not what `required` asks: `text` a non-empty string,
 * `list` an array, `object` an object; a key `items[].a,b` asks for a non-empty list whose every
 * item has non-empty strings `a` and `b`. A document that does not parse lacks them all.
 */
export function missingFields(text: string, required: Record<string, 'text' | 'list' | 'object'>): string[] {
  let document: Json = {};
  try {
    document = JSON.parse(text) ?? {};
  } catch {
    /* lacks every field */
  }
  return Object.entries(required)
    .filter(([key, kind]) => {
      const [name, keys] = key.split('[].') as [string, string?];
      const value = document[name];
      if (keys)
        return !(
          Array.isArray(value) &&
          value.length &&
          value.every((item: Json) => keys.split(',').every((each) => typeof item?.[each] === 'string' && item[each]))
        );
      return kind === 'text'
        ? !(typeof value === 'string' && value)
        : kind === 'list'
          ? !Array.isArray(value)
          : !(typeof value === 'object' && value);
    })
    .map(([key]) => key);
}
