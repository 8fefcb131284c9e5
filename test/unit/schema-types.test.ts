import fs from 'node:fs';
import { expect, it } from 'vitest';

// A non-literal specifier: the script is plain JavaScript, typed here by hand.
const script = '../../scripts/generate-types.mjs';
const { generateTypes, generateOutputSchemas, typesFile, outputSchemasFile } = (await import(script)) as {
  generateTypes: () => Promise<string>;
  generateOutputSchemas: () => string;
  typesFile: string;
  outputSchemasFile: string;
};

it('src/schemas/types.ts is what `npm run generate:types` makes from schemas/ today', async () => {
  expect(fs.readFileSync(typesFile, 'utf8'), 'run `npm run generate:types` and commit the result').toBe(
    await generateTypes(),
  );
});

it('src/worker/mcp/schema-parts.ts is what `npm run generate:types` makes from schemas/ today', () => {
  expect(fs.readFileSync(outputSchemasFile, 'utf8'), 'run `npm run generate:types` and commit the result').toBe(
    generateOutputSchemas(),
  );
});
