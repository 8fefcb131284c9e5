import { createRequire } from 'node:module';
import type { Ajv, Options } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';

// Ajv is loaded only when a schema must be compiled at run time. The validators `npm run compile`
// makes ahead of time cover the built-in schemas, and loading Ajv (310 KB of code) cost every
// build some 30 ms for nothing.
const require = createRequire(import.meta.url);

/** A compiler of JSON Schema draft-07 (Ajv's default draft), with ajv-formats when `formats`. */
export function draft07Compiler(options: Options, { formats = false } = {}): Ajv {
  const { Ajv: Compiler } = require('ajv') as typeof import('ajv');
  return withFormats(new Compiler(options), formats);
}

/** A compiler of JSON Schema 2020-12, with ajv-formats when `formats`. */
export function draft2020Compiler(options: Options, { formats = false } = {}): Ajv2020 {
  const { Ajv2020: Compiler } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  return withFormats(new Compiler(options), formats);
}

function withFormats<T extends Ajv | Ajv2020>(ajv: T, formats: boolean): T {
  if (!formats) return ajv;
  // ajv-formats is CommonJS: its function is the module itself, and its `default` too.
  const addFormats = require('ajv-formats') as (ajv: T) => T;
  addFormats(ajv);
  return ajv;
}
