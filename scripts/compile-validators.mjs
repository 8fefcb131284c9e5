#!/usr/bin/env node
// Part of `npm run compile`: compiles every schema in schemas/ ahead of time into
// lib/schemas/validators/<name>.cjs, so no build, thread or request spends a quarter of a second
// compiling them again. Each module carries a digest of the schemas; the registry ignores it when they differ.
// It also bundles the worker's code and the pages' browser scripts (end of file).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const { _ } = require('ajv');
const Ajv2020 = require('ajv/dist/2020').default;
const standaloneCode = require('ajv/dist/standalone').default;
/** @type {import('ajv-formats').default} */
const addFormats = require('ajv-formats');
const { registryOptions, schemasDigest, exportName } = await import(
  new URL('../lib/schemas/registry-options.js', import.meta.url).href
);
const { openApiCheckOptions } = await import(new URL('../lib/emit/openapi/oas-schema.js', import.meta.url).href);

const dir = path.join(root, 'schemas');
const files = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith('.schema.json'))
  .sort();
const texts = files.map((file) => fs.readFileSync(path.join(dir, file), 'utf8'));
const ajv = new Ajv2020({
  ...registryOptions,
  code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` },
});
addFormats(ajv);
const ids = {};
files.forEach((file, index) => {
  const schema = JSON.parse(texts[index]);
  ajv.addSchema(schema);
  ids[exportName(file.replace(/\.schema\.json$/, ''))] = schema.$id;
});
// One module per schema, each with the code of the schemas it refers to: a build loads the few it
// validates with (the front matter's, 20 KB) rather than all of them (940 KB, 28 ms).
const digest = JSON.stringify(schemasDigest(files, texts));
const validatorsDir = path.join(root, 'lib', 'schemas', 'validators');
fs.rmSync(validatorsDir, { recursive: true, force: true });
fs.mkdirSync(validatorsDir, { recursive: true });
for (const [name, id] of Object.entries(ids))
  fs.writeFileSync(
    path.join(validatorsDir, `${name}.cjs`),
    `${standaloneCode(ajv, { validate: id })}\nexports.schemasDigest = ${digest};\n`,
  );

// The OpenAPI Initiative's schema of OpenAPI 3.1 documents, which every build checks its
// openapi.json against: compiled here once instead of in every build.
const oasDir = path.dirname(require.resolve('@seriousme/openapi-schema-validator'));
const oasSchema = JSON.parse(fs.readFileSync(path.join(oasDir, 'schemas', 'v3.1', 'schema.json'), 'utf8'));
const oasAjv = new Ajv2020({ ...openApiCheckOptions, code: { source: true } });
oasAjv.addSchema(oasSchema, 'openapi-3.1');
fs.writeFileSync(
  path.join(root, 'lib', 'schemas', 'openapi-3.1.cjs'),
  standaloneCode(oasAjv, { validateOpenApi31: 'openapi-3.1' }),
);

// The MCP registry's server.json schema (vendored, draft-07), which every build checks the server.json
// it writes against: compiled here once too.
const { mcpRegistrySchemaFile, mcpRegistryCheckOptions } = await import(
  new URL('../lib/emit/helpers/mcp-registry-schema.js', import.meta.url).href
);
const registryAjv = new (require('ajv').default)({
  ...mcpRegistryCheckOptions,
  code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` },
});
addFormats(registryAjv);
registryAjv.addSchema(JSON.parse(fs.readFileSync(mcpRegistrySchemaFile, 'utf8')), 'server-json');
fs.writeFileSync(
  path.join(root, 'lib', 'schemas', 'mcp-registry-server.cjs'),
  standaloneCode(registryAjv, { validateServerJson: 'server-json' }),
);

// The worker's code and the pages' browser scripts are the same for every site: bundled here once,
// with the digest of each source file, so a build uses them without starting esbuild while those
// files are unchanged (src/util/prebundled.ts).
const { browserScriptEntries, bundleBrowserScript } = await import(
  new URL('../lib/emit/helpers/hashed-asset.js', import.meta.url).href
);
const { bundleLazyModuleCode, bundleWorkerCode, lazyWorkerModules } = await import(
  new URL('../lib/compile/bundle-worker.js', import.meta.url).href
);
const { prebundledFile } = await import(new URL('../lib/util/prebundled.js', import.meta.url).href);
const bundled = { worker: await bundleWorkerCode() };
for (const name of Object.keys(lazyWorkerModules)) bundled[name] = await bundleLazyModuleCode(name);
for (const name of Object.keys(browserScriptEntries)) bundled[name] = bundleBrowserScript(name);
fs.writeFileSync(prebundledFile, `${JSON.stringify(bundled)}\n`);
