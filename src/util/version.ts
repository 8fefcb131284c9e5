import fs from 'node:fs';
import path from 'node:path';
import { packageRoot } from './paths.js';

/** The compiler's own version, from package.json. */
export const compilerVersion: string = (
  JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { version: string }
).version;
