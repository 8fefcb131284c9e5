import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { draft2020Compiler } from '../../schemas/schema-compilers.js';
import { packageRoot } from '../../util/paths.js';

/** How the OpenAPI 3.1 schema is compiled, here and ahead of time by scripts/compile-validators.mjs. */
export const openApiCheckOptions = { strict: false, validateFormats: false, allErrors: true } as const;

const precompiledPath = path.join(packageRoot, 'lib', 'schemas', 'openapi-3.1.cjs');

let validator: ValidateFunction | undefined;

/**
 * The OpenAPI Initiative's JSON Schema of OpenAPI 3.1 documents, as @seriousme/openapi-schema-validator
 * ships it: compiled ahead of time by `npm run compile` (a fifth of a second saved per build), or on first use.
 */
export function openApi31Validator(): ValidateFunction {
  if (!validator) {
    if (fs.existsSync(precompiledPath)) {
      validator = (createRequire(import.meta.url)(precompiledPath) as { validateOpenApi31: ValidateFunction })
        .validateOpenApi31;
    } else {
      const require = createRequire(import.meta.url);
      const packageDir = path.dirname(require.resolve('@seriousme/openapi-schema-validator'));
      const schema = JSON.parse(fs.readFileSync(path.join(packageDir, 'schemas', 'v3.1', 'schema.json'), 'utf8'));
      validator = draft2020Compiler(openApiCheckOptions).compile(schema);
    }
  }
  return validator;
}
