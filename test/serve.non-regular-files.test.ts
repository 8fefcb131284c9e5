import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from './helpers/build-fixture.js';
import { cliPath, fixturesDir, repoRoot, tempDir } from './helpers/fixtures.js';
import { rawRequest } from './helpers/runtimes.js';

let dist = '';
const started: ChildProcess[] = [];

beforeAll(async () => {
  dist = (await buildFixture(path.join(fixturesDir, 'minimal'))).outDir;
});
// A server a failed test left running is stopped by its pid, whatever state it is in.
afterEach(() => {
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** A named pipe nobody writes to: reading it waits for ever. */
function pipe(name: string): string {
  const file = path.join(tempDir(), name);
  expect(spawnSync('mkfifo', [file]).status).toBe(0);
  return file;
}

/**
 * `bin/agentdir.js serve` with `args`; resolves with its address, or null when it exits first, within
 * 15 s either way. The CLI is started from `node -e ... --`: Node 20 itself reads a `--env-file` that
 * follows a script's path, before the script starts (nodejs/node#54232), but none that follows `--`.
 */
function serve(...args: string[]) {
  const start = `process.argv.splice(1, 0, ${JSON.stringify(cliPath)}); await import(${JSON.stringify(pathToFileURL(cliPath).href)});`;
  const command = ['--input-type=module', '-e', start, '--', 'serve', dist, '--port', '0', ...args];
  const child = spawn(process.execPath, command, {
    cwd: repoRoot,
    env: { ...process.env, AGENTDIR_KEYS: '', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = new Promise<string | null>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve neither served nor exited in 15 s:\n${output}`)), 15_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      resolve(null);
    });
  });
  return { child, url, exited, output: () => output };
}

describe('agentdir serve with a pipe where a file is expected', () => {
  it('serves static files with a named pipe as the key file, refuses every key, and stops on SIGTERM', async () => {
    const server = serve('--keys-file', pipe('keys.json'));
    const url = await server.url;
    expect(url, server.output()).not.toBeNull();
    expect(server.output()).toMatch(
      /agentdir serve: key file .*keys\.json is a named pipe \(FIFO\), not a regular file, so it was not read\..*premium routes answer 402/,
    );
    const page = await rawRequest(url!, '/llms.txt');
    expect(page.status).toBe(200);
    expect(page.body).toContain('# ');
    expect((await rawRequest(url!, '/resources/json-api.md')).status).toBe(402);
    const stopping = Date.now();
    server.child.kill('SIGTERM');
    const code = await Promise.race([
      server.exited,
      new Promise((resolve) => setTimeout(() => resolve('running'), 5_000)),
    ]);
    expect(code).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(5_000);
  });

  it('refuses a named pipe as --env-file with a message, at once', async () => {
    const envFile = pipe('worker.env');
    const server = serve('--env-file', envFile, '--keys-file', path.join(tempDir(), 'none.json'));
    expect(await server.url).toBeNull();
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      `The --env-file ${envFile} is a named pipe (FIFO), not a regular file, so it was not read.`,
    );
    expect(server.output()).not.toMatch(/^\s+at /m);
  });
});
