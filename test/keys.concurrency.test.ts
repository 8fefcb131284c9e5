import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readKeyFile } from '../src/keys/key-file.js';
import { cliPath, repoRoot, tempDir } from './helpers/fixtures.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** One real `agentdir keys ...` process; resolves when it exits, so many can run at once. */
function keysCli(keysFile: string, ...args: string[]): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    // Killed after 30 s (the longest wait here is the 10 s give-up): a run that hangs fails, not the whole suite.
    const child = spawn(process.execPath, [cliPath, 'keys', ...args, '--file', keysFile], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 30_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

/** The id `keys create` reports on stderr ("Created key_... (tier) in ..."). */
const createdId = (run: Run) => /Created (key_[0-9a-f]+) /.exec(run.stderr)?.[1];

/** A lock file as another `agentdir keys` process would leave it; `started` as it records its process's start. */
function writeLock(keysFile: string, pid: number, ageSeconds = 0, started?: string): string {
  const lock = `${keysFile}.lock`;
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  fs.writeFileSync(
    lock,
    JSON.stringify({
      pid,
      host: os.hostname(),
      since: new Date().toISOString(),
      token: 'other',
      ...(started ? { started } : {}),
    }),
  );
  if (ageSeconds) {
    const then = Date.now() / 1000 - ageSeconds;
    fs.utimesSync(lock, then, then);
  }
  return lock;
}

describe('agentdir keys under concurrency', () => {
  it('keeps every key created and every revocation made by parallel processes', async () => {
    const keysFile = path.join(tempDir(), 'keys', 'keys.json');
    // Keys to revoke during the race, made one after another beforehand.
    for (let index = 0; index < 5; index++)
      expect((await keysCli(keysFile, 'create', '--tier', 'starter', '--label', `earlier ${index}`)).code).toBe(0);
    const toRevoke = readKeyFile(keysFile).keys.map((record) => record.id);
    expect(toRevoke).toHaveLength(5);

    const creates = Array.from({ length: 20 }, (_, index) =>
      keysCli(keysFile, 'create', '--tier', 'corpus', '--label', `parallel ${index}`),
    );
    const revokes = toRevoke.map((id) => keysCli(keysFile, 'revoke', id));
    const [created, revoked] = await Promise.all([Promise.all(creates), Promise.all(revokes)]);

    for (const run of [...created, ...revoked]) expect(run, run.stderr).toMatchObject({ code: 0 });
    const stored = new Map(readKeyFile(keysFile).keys.map((record) => [record.id, record]));
    const lostCreates = created.filter((run, index) => {
      const record = stored.get(createdId(run) ?? '');
      return record?.label !== `parallel ${index}` || record.tier !== 'corpus' || record.revoked !== undefined;
    });
    const lostRevokes = toRevoke.filter((id) => !/^\d{4}-\d{2}-\d{2}$/.test(stored.get(id)?.revoked ?? ''));
    expect({ lostCreates: lostCreates.map(createdId), lostRevokes }).toEqual({ lostCreates: [], lostRevokes: [] });
    expect(stored.size).toBe(25);
    // No lock, break guard or temporary file is left beside the key file; the file stays private.
    expect(fs.readdirSync(path.dirname(keysFile))).toEqual(['keys.json']);
    expect(fs.statSync(keysFile).mode & 0o777).toBe(0o600);
  });

  it('breaks a lock left by a process that no longer runs', async () => {
    const keysFile = path.join(tempDir(), 'keys.json');
    const gone = spawnSync(process.execPath, ['-e', '']);
    const lock = writeLock(keysFile, gone.pid!);
    const run = await keysCli(keysFile, 'create', '--tier', 'starter');
    expect(run.code, run.stderr).toBe(0);
    expect(run.ms).toBeLessThan(5_000);
    expect(readKeyFile(keysFile).keys).toHaveLength(1);
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('breaks a lock older than its bound even when its process still runs', async () => {
    const keysFile = path.join(tempDir(), 'keys.json');
    writeLock(keysFile, process.pid, 120);
    const run = await keysCli(keysFile, 'create', '--tier', 'starter');
    expect(run.code, run.stderr).toBe(0);
    expect(readKeyFile(keysFile).keys).toHaveLength(1);
  });

  it.skipIf(process.platform !== 'linux')(
    'breaks a lock whose pid now belongs to a process that started at another time',
    async () => {
      const keysFile = path.join(tempDir(), 'keys.json');
      // This test's own pid runs, but it is not the process that wrote the lock: that one started at tick 1.
      const lock = writeLock(keysFile, process.pid, 0, '1');
      const run = await keysCli(keysFile, 'create', '--tier', 'starter');
      expect(run.code, run.stderr).toBe(0);
      expect(run.ms).toBeLessThan(5_000);
      expect(fs.existsSync(lock)).toBe(false);
    },
  );

  it('breaks a lock dated in the future even when its process still runs', async () => {
    const keysFile = path.join(tempDir(), 'keys.json');
    const lock = writeLock(keysFile, process.pid);
    const tenYearsAhead = Date.now() / 1000 + 10 * 365 * 24 * 3600;
    fs.utimesSync(lock, tenYearsAhead, tenYearsAhead);
    const run = await keysCli(keysFile, 'create', '--tier', 'starter');
    expect(run.code, run.stderr).toBe(0);
    expect(run.ms).toBeLessThan(5_000);
    expect(readKeyFile(keysFile).keys).toHaveLength(1);
  });

  it('gives up on a lock held by a running process after 10 s: exit 1, names the lock file, changes nothing', async () => {
    const keysFile = path.join(tempDir(), 'keys.json');
    const lock = writeLock(keysFile, process.pid);
    const run = await keysCli(keysFile, 'create', '--tier', 'starter');
    expect(run.code).toBe(1);
    expect(run.ms).toBeGreaterThanOrEqual(9_500);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`its lock ${lock} (held by process ${process.pid}`);
    expect(run.stderr).toContain(`delete ${lock} and run this one again`);
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(fs.existsSync(keysFile)).toBe(false);
    expect(fs.readFileSync(lock, 'utf8')).toContain('"token":"other"');
  });
});

describe('agentdir keys with something other than a lock at the lock path', () => {
  const planted: [string, (lock: string) => void, string][] = [
    ['a named pipe', (lock) => void expect(spawnSync('mkfifo', [lock]).status).toBe(0), 'is a named pipe (FIFO)'],
    [
      'a symlink to /dev/zero',
      (lock) => fs.symlinkSync('/dev/zero', lock),
      'is a symlink, where a regular file is expected',
    ],
    ['a folder', (lock) => fs.mkdirSync(lock), 'is a folder, not a regular file'],
  ];

  it.each(planted)('refuses %s at once with the path to remove, and writes nothing', async (_name, plant, words) => {
    const keysFile = path.join(tempDir(), 'keys.json');
    const lock = `${keysFile}.lock`;
    plant(lock);
    const run = await keysCli(keysFile, 'create', '--tier', 'starter');
    expect(run.code).toBe(1);
    expect(run.ms).toBeLessThan(5_000);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`The lock file ${lock} ${words}`);
    expect(run.stderr).toContain(`Remove ${lock} and run the command again.`);
    expect(run.stderr).not.toMatch(/^\s+at |EISDIR/m);
    expect(fs.existsSync(keysFile)).toBe(false);
  });
});
