#!/usr/bin/env node
// First step of `npm run compile`: empties lib/. tsc only adds and overwrites, so a module whose
// source was renamed or removed would stay in lib/ and go into the next `npm pack`.
import fs from 'node:fs';

fs.rmSync(new URL('../lib', import.meta.url), { recursive: true, force: true });
