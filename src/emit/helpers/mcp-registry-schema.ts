import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { draft07Compiler } from '../../schemas/schema-compilers.js';
import { builtinSchemasDir, packageRoot } from '../../util/paths.js';

/** The MCP registry's server.json schema, vendored unchanged (see its `$comment`). */
export const mcpRegistrySchemaFile = path.join(
  builtinSchemasDir,
  'vendor',
  'mcp-registry-server-2025-12-11.schema.json',
);
export const mcpRegistrySchemaId = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

/** How it is compiled, here and ahead of time by scripts/compile-validators.mjs: a draft-07 schema, as published. */
export const mcpRegistryCheckOptions = { strict: false, allErrors: true } as const;

const precompiledPath = path.join(packageRoot, 'lib', 'schemas', 'mcp-registry-server.cjs');

let validator: ValidateFunction | undefined;

/** The validator of server.json: compiled ahead of time by `npm run compile`, or on first use. */
export function mcpRegistryServerValidator(): ValidateFunction {
  if (!validator) {
    if (fs.existsSync(precompiledPath)) {
      validator = (createRequire(import.meta.url)(precompiledPath) as { validateServerJson: ValidateFunction })
        .validateServerJson;
    } else {
      validator = draft07Compiler(mcpRegistryCheckOptions, { formats: true }).compile(
        JSON.parse(fs.readFileSync(mcpRegistrySchemaFile, 'utf8')),
      );
    }
  }
  return validator;
}
