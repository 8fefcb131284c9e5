import { anyObject, number, object, string, type JsonSchema } from './json-schema.js';
import { searchIndexRow } from './schema-parts.js';

// The output schemas the tools publish are the schemas/ the build validates the same data with,
// inlined by `npm run generate:types` into schema-parts.ts (imported from there by the tools):
// what is here only adds to them.

/** The passage of a hit that matched best: its section, where to read it, and a few of its words. */
const searchPassage = object(
  {
    heading: string('The heading of the section.'),
    anchor: string("The id of that heading on the HTML page ('' when it has none)."),
    url: string('The section on the HTML page (`url#anchor`).', { format: 'uri' }),
    markdown: string('The Markdown variant of the document, which holds the section under the same heading.', {
      format: 'uri',
    }),
    snippet: string('The words of the section around the query’s, to judge whether it answers.'),
  },
  ['heading', 'anchor', 'url', 'markdown'],
);

/** A document the search found: its row of the search index, its score and its best passage. */
export const searchHit: JsonSchema = {
  ...searchIndexRow,
  properties: {
    ...(searchIndexRow.properties as JsonSchema),
    score: number('BM25 relevance of the document: its head (title, description, tags) and its best section.'),
    passage: searchPassage,
  },
  required: [...(searchIndexRow.required as string[]), 'score'],
};

export const document = (description: string) => anyObject(description);

export const nextCursor = string('Pass as `cursor` to get the next page; absent on the last page.');
