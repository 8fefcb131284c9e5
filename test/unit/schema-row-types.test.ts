import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot } from '../helpers/fixtures.js';
import { handWrittenSources } from '../helpers/contract-sources.js';

// The JSON files the build writes and the worker reads are typed once, by src/schemas/types.ts
// (`npm run generate:types`); runtime code that needs a row or a part of one picks it from there.
// (The build's content model, src/content/model.ts, is another thing under the same names.)

const generatedNames = new Set(
  [
    ...fs
      .readFileSync(path.join(repoRoot, 'src/schemas/types.ts'), 'utf8')
      .matchAll(/^export (?:interface|type) (\w+)/gm),
  ].map((match) => match[1]),
);

it('no file of the worker or src/shared/ declares its own shape under the name of a generated type', () => {
  const runtime = handWrittenSources().filter(({ file }) => /^src\/(worker|shared)\//.test(file));
  const redeclared = runtime.flatMap(({ file, text }) =>
    [...text.matchAll(/\b(?:interface (\w+)|type (\w+)(?:<[^>]*>)?\s*=\s*\{)/g)]
      .map((match) => match[1] ?? match[2])
      .filter((name) => generatedNames.has(name!))
      .map((name) => `${file}: ${name}`),
  );
  expect(redeclared).toEqual([]);
});
