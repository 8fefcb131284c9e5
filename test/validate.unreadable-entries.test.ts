import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliPath, copyFixture, repoRoot, tempDir } from './helpers/fixtures.js';

interface Reported {
  code: string;
  file: string;
  message: string;
  hint: string;
}

/** Sockets listened on for a case, closed after it (a socket file exists only while one listens). */
const listening: net.Server[] = [];
afterEach(async () => {
  await Promise.all(listening.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Every kind of entry that stands where a document would be but cannot be read as one. */
const entries: [name: string, make: (file: string) => Promise<void> | void, words: string][] = [
  ['a named pipe', (file) => void expect(spawnSync('mkfifo', [file]).status).toBe(0), 'this is a named pipe (FIFO)'],
  [
    'a socket',
    (file) =>
      new Promise<void>((resolve) => {
        const server = net.createServer();
        listening.push(server);
        server.listen(file, resolve);
      }),
    'this is a socket',
  ],
  ['a broken symlink', (file) => fs.symlinkSync('moved-away.md', file), 'this symlink points at nothing'],
  ['a symlink to itself', (file) => fs.symlinkSync(path.basename(file), file), 'this symlink loops back on itself'],
  ['a symlink to /dev/zero', (file) => fs.symlinkSync('/dev/zero', file), 'this symlink leads to a character device'],
  ['a folder named like a document', (file) => fs.mkdirSync(file), 'this is a folder'],
];

/** `agentdir validate --format json`, bounded: a read that waits on a pipe fails the test instead of hanging it. */
function validate(dir: string): { code: number | null; problems: Reported[]; stderr: string } {
  const result = spawnSync(process.execPath, [cliPath, 'validate', dir, '--format', 'json'], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(result.signal, 'validate was killed after 20 s: it waited on the entry').toBeNull();
  return {
    code: result.status,
    problems: (JSON.parse(result.stdout) as { problems: Reported[] }).problems,
    stderr: result.stderr,
  };
}

const unreadable = (problems: Reported[]) => problems.filter((problem) => problem.code === 'UnreadableContentFile');

describe('content entries that cannot be read are located problems, never skipped in silence', () => {
  it.each(entries)('%s in resources/ and in a cluster folder', async (_name, make, words) => {
    const dir = copyFixture('minimal');
    await make(path.join(dir, 'resources', 'unreadable.md'));
    await make(path.join(dir, 'articles', 'basics', 'unreadable.md'));
    const { code, problems, stderr } = validate(dir);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(code).toBe(1);
    expect(unreadable(problems).map((problem) => problem.file.split('/').slice(-2).join('/'))).toEqual([
      'basics/unreadable.md',
      'resources/unreadable.md',
    ]);
    for (const problem of unreadable(problems)) {
      expect(problem.message).toContain(words);
      expect(problem.hint).not.toBe('');
    }
    // The entry is reported once, not again as a broken link from each document that names it.
    expect(problems.filter((problem) => problem.code !== 'UnreadableContentFile')).toEqual([]);
  });

  it('a pipe or a broken link directly in articles/, where a cluster folder or a stray document would be', () => {
    const dir = copyFixture('minimal');
    expect(spawnSync('mkfifo', [path.join(dir, 'articles', 'stray.md')]).status).toBe(0);
    fs.symlinkSync('../elsewhere/guides', path.join(dir, 'articles', 'guides'));
    const { code, problems } = validate(dir);
    expect(code).toBe(1);
    expect(unreadable(problems).map((problem) => [path.basename(problem.file), problem.message])).toEqual([
      ['guides', 'this symlink points at nothing, so it was not read'],
      ['stray.md', 'this is a named pipe (FIFO), not a regular file, so it was not read'],
    ]);
  });

  it.each(['site.yaml', 'paths.yaml', 'articles/basics/cluster.yaml'])('%s as a named pipe', (name) => {
    const dir = copyFixture('minimal');
    const file = path.join(dir, name);
    fs.rmSync(file, { force: true });
    expect(spawnSync('mkfifo', [file]).status).toBe(0);
    const { code, problems } = validate(dir);
    expect(code).toBe(1);
    expect(unreadable(problems).map((problem) => problem.file.endsWith(name))).toEqual([true]);
  });

  it('stops a build the same way, with nothing written', () => {
    const dir = copyFixture('minimal');
    expect(spawnSync('mkfifo', [path.join(dir, 'resources', 'pipe.md')]).status).toBe(0);
    const out = path.join(tempDir(), 'dist');
    const result = spawnSync(process.execPath, [cliPath, 'build', dir, '--out', out], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(result.signal).toBeNull();
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/resources\/pipe\.md {2}error {2}this is a named pipe \(FIFO\)/);
    expect(result.stderr).toContain('[UnreadableContentFile: Content entry is not a readable file]');
    expect(fs.existsSync(out)).toBe(false);
  });
});
