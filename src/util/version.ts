import fs from 'node:fs';
import path from 'node:path';
import { isObject } from './json-object.js';
import { packageRoot } from './paths.js';

/** The compiler's own version, from package.json. */
export const compilerVersion: string = readVersion(path.join(packageRoot, 'package.json'));

function readVersion(file: string): string {
  const manifest: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  const version = isObject(manifest) ? manifest.version : null;
  if (typeof version !== 'string')
    throw new Error(`${file} has no \`version\`: this installation of agentdir is damaged.`);
  return version;
}
