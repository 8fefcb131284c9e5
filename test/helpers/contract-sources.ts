import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './fixtures.js';

// What the contract tests read: the JSON schemas as they ship, and the TypeScript under src/.

type JsonNode = Record<string, unknown>;

/** The node at a JSON pointer (`/properties/tier`) of schemas/<name>.schema.json. */
export function schemaNode(name: string, pointer: string): JsonNode {
  const schema = JSON.parse(fs.readFileSync(path.join(repoRoot, 'schemas', `${name}.schema.json`), 'utf8')) as JsonNode;
  return pointer
    .split('/')
    .filter(Boolean)
    .reduce<JsonNode>((node, token) => {
      const next = node[token];
      if (typeof next !== 'object' || next === null) throw new Error(`${name}.schema.json has nothing at ${pointer}`);
      return next as JsonNode;
    }, schema);
}

/** The `enum` at a JSON pointer of schemas/<name>.schema.json. */
export function schemaEnum(name: string, pointer: string): unknown[] {
  const values = schemaNode(name, pointer).enum;
  if (!Array.isArray(values)) throw new Error(`${name}.schema.json has no enum at ${pointer}`);
  return values;
}

/** Files `npm run generate:types` writes from schemas/: they repeat the schemas by design. */
const generated = new Set(['src/schemas/types.ts', 'src/worker/mcp/schema-parts.ts']);

/** Every hand-written .ts file under src/: its repository path and its text. */
export function handWrittenSources(): { file: string; text: string }[] {
  return fs
    .readdirSync(path.join(repoRoot, 'src'), { recursive: true, encoding: 'utf8' })
    .map((file) => `src/${file.split(path.sep).join('/')}`)
    .filter((file) => file.endsWith('.ts') && !generated.has(file))
    .sort()
    .map((file) => ({ file, text: fs.readFileSync(path.join(repoRoot, file), 'utf8') }));
}

/** Every hand-written .ts file under src/ whose text matches `pattern`, as repository paths. */
export function sourcesMatching(pattern: RegExp): string[] {
  return handWrittenSources()
    .filter(({ text }) => pattern.test(text))
    .map(({ file }) => file);
}
