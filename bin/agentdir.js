#!/usr/bin/env node
// The CLI is compiled from src/ into lib/ by `npm run compile` (run automatically by `npm ci` via `prepare`).
import { main } from '../lib/cli/main.js';

main(process.argv).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 2;
  },
);
