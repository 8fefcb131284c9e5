#!/usr/bin/env node
// Last step of `npm run compile`: bundles the compiled CLI and its three worker-thread scripts, with
// the packages they import, into lib/bundle/. Loading some 430 ES modules one by one was a quarter of
// a second of every command; the bundle is a few files, split where the CLI loads code lazily (the
// build, the grader, the server), so a command still loads only what it runs. bin/agentdir.js uses
// it when it is there; the modules in lib/ stay as they are, for the tests and for importers.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { nodeBundleOptions } from './bundle-options.mjs';
import { commonJsDynamicImportError, commonJsDynamicImports } from './commonjs-dynamic-imports.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = path.join(root, 'lib', 'bundle');
fs.rmSync(outdir, { recursive: true, force: true });
const { metafile } = await build({
  absWorkingDir: root,
  entryPoints: {
    cli: 'lib/cli/main.js',
    'parse-worker': 'lib/content/parse-worker.js',
    'render-worker': 'lib/compile/render-worker.js',
    'output-check-worker': 'lib/compile/output-check-worker.js',
  },
  outdir,
  ...nodeBundleOptions,
  splitting: true,
  metafile: true,
});
// A dynamic import of a CommonJS package keeps only its default export in a split bundle.
const lostExports = commonJsDynamicImportError(commonJsDynamicImports(metafile));
if (lostExports) {
  fs.rmSync(outdir, { recursive: true, force: true });
  console.error(lostExports.message);
  process.exit(1);
}
// What compilerKey() reads for the bundle's code (src/cache/compiler-key.ts): one digest of every
// file here, made once now rather than by hashing 3.5 MB at the start of every build.
const digest = createHash('sha256');
for (const name of fs.readdirSync(outdir).sort())
  digest
    .update(name)
    .update('\0')
    .update(fs.readFileSync(path.join(outdir, name)));
fs.writeFileSync(path.join(outdir, 'code-digest.txt'), `${digest.digest('hex')}\n`);
