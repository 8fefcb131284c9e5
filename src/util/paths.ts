import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The package root: two levels above this file in both `src/util/` and `lib/util/`. */
export const packageRoot = fileURLToPath(new URL('../../', import.meta.url));

export const builtinSchemasDir = path.join(packageRoot, 'schemas');
export const builtinTemplatesDir = path.join(packageRoot, 'templates');

/** A path as shown to people: relative to the working directory, with forward slashes. */
export function displayPath(file: string, cwd = process.cwd()): string {
  const relative = path.relative(cwd, file);
  const shown = relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
  return shown.split(path.sep).join('/');
}
