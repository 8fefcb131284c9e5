import { anyObject, integer, string, type JsonSchema } from './json-schema.js';
import { searchIndexRow } from './schema-parts.js';

// The output schemas the tools publish are the schemas/ the build validates the same data with,
// inlined by `npm run generate:types` into schema-parts.ts (imported from there by the tools):
// what is here only adds to them.

/** A row of the search index, with the score the ranking gave it. */
export const searchHit: JsonSchema = {
  ...searchIndexRow,
  properties: {
    ...(searchIndexRow.properties as JsonSchema),
    score: integer('Weighted term hits: 3 per title hit, 2 per tag hit, 1 per description hit.'),
  },
  required: [...(searchIndexRow.required as string[]), 'score'],
};

export const document = (description: string) => anyObject(description);

export const nextCursor = string('Pass as `cursor` to get the next page; absent on the last page.');
