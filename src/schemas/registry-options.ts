import { createHash } from 'node:crypto';

/** ajv's options for every schema: the same for validators compiled at run time and ahead of time. */
export const registryOptions = {
  allErrors: true,
  strict: true,
  strictRequired: false,
  verbose: true,
  allowUnionTypes: true,
  // Checked once by the tests (test/schemas.meta.test.ts), not on every start.
  validateSchema: false,
} as const;

/** What the ahead-of-time validators were compiled from: every schema file's name and text. */
export function schemasDigest(files: string[], texts: string[]): string {
  const hash = createHash('sha256');
  for (const [index, file] of files.entries()) hash.update(file).update('\0').update(texts[index]!).update('\0');
  return hash.digest('hex');
}

/** A schema's name as an identifier in the compiled module (`resource.frontmatter` -> `resource_frontmatter`). */
export function exportName(name: string): string {
  return name.replace(/[^A-Za-z0-9]/g, '_');
}
