#!/usr/bin/env node
// The CLI is compiled from src/ into lib/ by `npm run compile` (run automatically by `npm ci` via
// `prepare`), which also bundles it into lib/bundle/ to start faster (scripts/bundle-cli.mjs).
import fs from 'node:fs';

const bundled = new URL('../lib/bundle/cli.js', import.meta.url);
const { main } = await import(fs.existsSync(bundled) ? bundled.href : '../lib/cli/main.js');

main(process.argv).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 2;
  },
);
