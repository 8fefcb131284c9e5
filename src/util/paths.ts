import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The package root: two levels above this file in `src/util/` and `lib/util/`, and above its chunk in `lib/bundle/`. */
export const packageRoot = fileURLToPath(new URL('../../', import.meta.url));

/** True when this code runs from the CLI bundle (lib/bundle/, see scripts/bundle-cli.mjs) rather than lib/ or src/. */
const inBundle = path.basename(path.dirname(fileURLToPath(import.meta.url))) === 'bundle';

/**
 * The compiled script of a worker thread (`content/parse-worker`): from the bundle when the CLI runs
 * from it, so a thread loads a few files as the main thread did, else from lib/.
 */
export function threadScript(name: string): string {
  return inBundle
    ? path.join(packageRoot, 'lib', 'bundle', `${path.basename(name)}.js`)
    : path.join(packageRoot, 'lib', `${name}.js`);
}

export const builtinSchemasDir = path.join(packageRoot, 'schemas');
export const builtinTemplatesDir = path.join(packageRoot, 'templates');
/** The readers database's SQL migrations, applied by `wrangler d1 migrations apply` and by `agentdir serve`. */
export const builtinMigrationsDir = path.join(packageRoot, 'migrations');

/** A path as shown to people: relative to the working directory, with forward slashes. */
export function displayPath(file: string, cwd = process.cwd()): string {
  const relative = path.relative(cwd, file);
  const shown = relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
  return shown.split(path.sep).join('/');
}
