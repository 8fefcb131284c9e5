import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readKeyFile } from '../src/keys/key-file.js';
import { cliPath, repoRoot, tempDir } from './helpers/fixtures.js';

/** One `agentdir keys` run, killed after 15 s: a command that waits on its file fails rather than hangs. */
function keysCli(keysFile: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [cliPath, 'keys', ...args, '--file', keysFile], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 15_000,
  });
  return { code: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

function keyFileWith(text: string): string {
  const file = path.join(tempDir(), 'keys.json');
  fs.writeFileSync(file, text);
  return file;
}

const pasted = 'adk_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

describe('agentdir keys with a broken key file', () => {
  it('refuses to change a file that is not valid JSON, says where, and leaves it as it was', () => {
    const text = `{\n  "keys": [\n    { "id": "key_1", "hash": ${pasted} }\n  ]\n}\n`;
    const file = keyFileWith(text);
    const run = keysCli(file, 'create', '--tier', 'starter');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('is not valid JSON: unexpected token at line 3, column 30. Restore it from a backup');
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['keys.json']);
  });

  it('never quotes the file: a key pasted into it stays out of the message', () => {
    const run = keysCli(keyFileWith(`${pasted}\n`), 'list');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('unexpected token at line 1, column 1');
    expect(run.stderr).not.toContain(pasted.slice(4, 14));
  });

  it('says a truncated file ends too early', () => {
    expect(keysCli(keyFileWith('{"keys": ['), 'list').stderr).toContain('is not valid JSON: it ends too early.');
    expect(keysCli(keyFileWith('{"keys": [{"id": "key_1",\n'), 'list').stderr).toContain(
      'is not valid JSON: it ends too early (expected double-quoted property name).',
    );
  });

  it('names each malformed entry by field, without quoting its values', () => {
    const file = keyFileWith(
      JSON.stringify({ keys: [{ id: 'key_1', hash: pasted, tier: 'gold', created: '2026-06-01' }] }),
    );
    const run = keysCli(file, 'revoke', 'key_1');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'has malformed keys: keys[0].hash must be a SHA-256 hash (64 lowercase hex digits); keys[0].tier must be one of starter, corpus, redistribution.',
    );
    expect(run.stderr).not.toContain(pasted.slice(4, 14));
    expect(() => readKeyFile(file)).toThrow(/malformed keys/);
  });
});

describe('agentdir keys with something other than a file at the key file path', () => {
  it.each([['create', '--tier', 'starter'], ['list'], ['revoke', 'key_1'], ['export']])(
    '%s refuses a named pipe at once, saying what it is',
    (...args) => {
      const file = path.join(tempDir(), 'keys.json');
      expect(spawnSync('mkfifo', [file]).status).toBe(0);
      const run = keysCli(file, ...args);
      expect(run.signal, 'killed after 15 s: it waited on the pipe').toBeNull();
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(`${file} is a named pipe (FIFO), not a regular file, so it was not read.`);
      expect(run.stderr).not.toMatch(/^\s+at /m);
      expect(fs.statSync(file).isFIFO()).toBe(true);
    },
  );

  it('refuses /dev/zero rather than reading it until memory runs out', () => {
    const run = keysCli('/dev/zero', 'list');
    expect(run.signal).toBeNull();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('/dev/zero is a character device, not a regular file, so it was not read.');
    expect(run.stderr).not.toContain('bad_alloc');
  });

  it('refuses a folder, and a symlink to nothing, with what each is', () => {
    const folder = path.join(tempDir(), 'keys.json');
    fs.mkdirSync(folder);
    expect(keysCli(folder, 'list').stderr).toContain(`${folder} is a folder, not a regular file`);
    const link = path.join(tempDir(), 'keys.json');
    fs.symlinkSync('/nonexistent/keys.json', link);
    const run = keysCli(link, 'create', '--tier', 'starter');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${link} is a symlink to nothing`);
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
  });
});
