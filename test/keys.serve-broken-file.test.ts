import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from './helpers/build-fixture.js';
import { cliPath, fixturesDir, repoRoot, tempDir } from './helpers/fixtures.js';
import { rawRequest } from './helpers/runtimes.js';
import { stopProcess } from './helpers/stop-process.js';

const brokenLine =
  /^agentdir serve: key file .*keys\.json (is not valid JSON|has no `keys` list|has malformed keys).*Until then every key is refused \(premium routes answer 402\)/gm;

let dist = '';
let keysFile = '';
let key = '';
let goodText = '';
let child: ChildProcess;
let url = '';
let stderr = '';

/** Waits until `check` holds for the serve log, or fails with what was logged. */
async function logSettles(check: (log: string) => boolean): Promise<void> {
  for (let waited = 0; !check(stderr); waited += 50) {
    if (waited > 10_000) throw new Error(`serve did not log as expected:\n${stderr}`);
    await sleep(50);
  }
}

const brokenLines = () => stderr.match(brokenLine) ?? [];
const premium = () => rawRequest(url, '/resources/json-api.md', { headers: { Authorization: `Bearer ${key}` } });

beforeAll(async () => {
  dist = (await buildFixture(path.join(fixturesDir, 'minimal'))).outDir;
  keysFile = path.join(tempDir(), 'keys.json');
  key = spawnSync(process.execPath, [cliPath, 'keys', 'create', '--tier', 'starter', '--file', keysFile], {
    cwd: repoRoot,
    encoding: 'utf8',
  }).stdout.trim();
  goodText = fs.readFileSync(keysFile, 'utf8');
  // Broken by hand the way people do: the key itself pasted into the file. It must not reach the log.
  fs.writeFileSync(keysFile, goodText.replace(/"hash": "[0-9a-f]+"/, `"hash": ${key}`));

  // Spawned here rather than with the startServe helper: the line at start comes before the address.
  child = spawn(process.execPath, [cliPath, 'serve', dist, '--port', '0', '--keys-file', keysFile], {
    cwd: repoRoot,
    env: { ...process.env, AGENTDIR_KEYS: '', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
});
afterAll(() => child && stopProcess(child));

describe('agentdir serve with a broken key file', () => {
  it('says once at start what is wrong with the key file, and refuses every key (402)', async () => {
    expect(brokenLines()).toHaveLength(1);
    expect(brokenLines()[0]).toContain('is not valid JSON: unexpected token at line 6, column');
    for (let request = 0; request < 3; request++) expect((await premium()).status).toBe(402);
    await sleep(1_500);
    expect(brokenLines()).toHaveLength(1);
  });

  it('opens the premium route with the key once the file is fixed, without a restart', async () => {
    fs.writeFileSync(keysFile, goodText);
    expect((await premium()).status).toBe(200);
    await logSettles((log) => log.includes('is usable again (1 key)'));
    expect(brokenLines()).toHaveLength(1);
  });

  it('logs one more line when the file breaks again, and refuses the key again', async () => {
    fs.writeFileSync(keysFile, '{"version": 1}\n');
    expect((await premium()).status).toBe(402);
    await logSettles(() => brokenLines().length === 2);
    expect(brokenLines()[1]).toContain('has no `keys` list');
    for (let request = 0; request < 3; request++) expect((await premium()).status).toBe(402);
    await sleep(1_500);
    expect(brokenLines()).toHaveLength(2);
  });

  it('never writes the key or its hash to the log', () => {
    const hash = /"hash": "([0-9a-f]+)"/.exec(goodText)![1]!;
    expect(stderr).not.toContain(key);
    expect(stderr).not.toContain(key.slice(4, 16));
    expect(stderr).not.toContain(hash.slice(0, 16));
  });
});
