import fs from 'node:fs';
import { expect, it } from 'vitest';

// A non-literal specifier: the script is plain JavaScript, typed here by hand.
const script = '../../scripts/generate-types.mjs';
const { generateTypes, typesFile } = (await import(script)) as {
  generateTypes: () => Promise<string>;
  typesFile: string;
};

it('src/schemas/types.ts is what `npm run generate:types` makes from schemas/ today', async () => {
  expect(fs.readFileSync(typesFile, 'utf8'), 'run `npm run generate:types` and commit the result').toBe(
    await generateTypes(),
  );
});
