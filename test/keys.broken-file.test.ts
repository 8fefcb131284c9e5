import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readKeyFile } from '../src/keys/key-file.js';
import { cliPath, repoRoot, tempDir } from './helpers/fixtures.js';

function keysCli(keysFile: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [cliPath, 'keys', ...args, '--file', keysFile], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
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
