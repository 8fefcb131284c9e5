import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { newKey, readKeyFile, writeKeyFile } from '../src/keys/key-file.js';
import type { KeyRecord } from '../src/shared/key-hash.js';
import { cliPath, tempDir } from './helpers/fixtures.js';

/** The real CLI run in `cwd`, with no AGENTDIR_KEYS_FILE from the machine running the tests. */
function keysCli(cwd: string, args: string[], keysFileVariable?: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.AGENTDIR_KEYS_FILE;
  if (keysFileVariable) env.AGENTDIR_KEYS_FILE = keysFileVariable;
  const result = spawnSync(process.execPath, [cliPath, 'keys', ...args], { cwd, env, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A site project as people have it: package.json, a build in dist/, and the key file when given records. */
async function project(options: { records?: ('active' | 'revoked')[]; marker?: string } = {}) {
  const root = path.join(fs.realpathSync(tempDir()), 'site');
  fs.mkdirSync(path.join(root, 'dist', 'worker', 'data'), { recursive: true });
  fs.writeFileSync(path.join(root, options.marker ?? 'package.json'), '{}\n');
  const keysFile = path.join(root, '.agentdir', 'keys.json');
  const keys: KeyRecord[] = [];
  for (const state of options.records ?? []) {
    const { record } = await newKey('starter', state, '2026-06-01');
    keys.push(state === 'revoked' ? { ...record, revoked: '2026-06-02' } : record);
  }
  if (options.records) writeKeyFile(keysFile, { version: 1, keys });
  return { root, dist: path.join(root, 'dist'), keysFile, keys };
}

describe('agentdir keys export finds the key file or refuses', () => {
  it('fails from a folder with no key file, prints nothing to pipe into wrangler, and names every place it looked', async () => {
    const site = await project();
    const run = keysCli(site.dist, ['export']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`  ${path.join(site.dist, '.agentdir', 'keys.json')}\n  ${site.keysFile}\n`);
    expect(run.stderr).toContain(`Stopped at ${site.root}: it holds package.json`);
    expect(run.stderr).toContain('`--file PATH`');
    expect(run.stderr).toContain('AGENTDIR_KEYS_FILE');
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(fs.existsSync(path.join(site.dist, '.agentdir'))).toBe(false);
  });

  it('fails when --file or AGENTDIR_KEYS_FILE names a file that does not exist, and names it', async () => {
    const site = await project();
    const missing = path.join(site.root, 'secrets', 'keys.json');
    const byFlag = keysCli(site.root, ['export', '--file', missing]);
    expect(byFlag).toMatchObject({ code: 1, stdout: '' });
    expect(byFlag.stderr).toContain(`The key file ${missing} (from \`--file\`) does not exist.`);
    const byVariable = keysCli(site.root, ['export', '--format', 'kv'], missing);
    expect(byVariable).toMatchObject({ code: 1, stdout: '' });
    expect(byVariable.stderr).toContain(`The key file ${missing} (from AGENTDIR_KEYS_FILE) does not exist.`);
  });

  it.each(['.', 'dist', 'dist/worker/data'])(
    'exports the project key file from %s, and names it on stderr only',
    async (folder) => {
      const site = await project({ records: ['active', 'revoked'] });
      const run = keysCli(path.join(site.root, folder), ['export']);
      expect(run.code, run.stderr).toBe(0);
      const exported = JSON.parse(run.stdout) as { keys: { id: string }[] };
      expect(exported.keys.map((record) => record.id)).toEqual(site.keys.map((record) => record.id));
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^Exporting 1 active key \(and 1 revoked\) from .*\.agentdir\/keys\.json\.\n$/);
      expect(path.resolve(path.join(site.root, folder), /from (.*)\.\n$/.exec(run.stderr)![1]!)).toBe(site.keysFile);
      expect(run.stdout).not.toContain('.agentdir');
    },
  );

  it.each(['package.json', '.git'])(
    'does not look above a folder holding %s: a key file there belongs to something else',
    async (marker) => {
      const site = await project({ marker });
      const outside = path.join(path.dirname(site.root), '.agentdir', 'keys.json');
      const { record } = await newKey('corpus', 'another project', '2026-06-01');
      writeKeyFile(outside, { version: 1, keys: [record] });
      const run = keysCli(site.dist, ['export']);
      expect(run).toMatchObject({ code: 1, stdout: '' });
      expect(run.stderr).toContain(`Stopped at ${site.root}: it holds ${marker}`);
      expect(run.stderr).not.toContain(outside);
    },
  );

  it('looks further up through folders that are not a project root', async () => {
    const outer = fs.realpathSync(tempDir());
    const keysFile = path.join(outer, '.agentdir', 'keys.json');
    const { record } = await newKey('starter', undefined, '2026-06-01');
    writeKeyFile(keysFile, { version: 1, keys: [record] });
    const deep = path.join(outer, 'a', 'b');
    fs.mkdirSync(deep, { recursive: true });
    const run = keysCli(deep, ['export']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(record.id);
    expect(run.stderr).toContain(keysFile);
  });
});

describe('agentdir keys export with no active key', () => {
  it('refuses a key file with no keys unless --allow-empty', async () => {
    const site = await project({ records: [] });
    const run = keysCli(site.root, ['export']);
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toContain('.agentdir/keys.json has no keys');
    expect(run.stderr).toContain('would refuse every key holder');
    expect(run.stderr).toContain('`--allow-empty`');
    const allowed = keysCli(site.root, ['export', '--allow-empty']);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(JSON.parse(allowed.stdout)).toEqual({ keys: [] });
  });

  it('refuses a key file whose keys are all revoked unless --allow-empty, in both formats', async () => {
    const site = await project({ records: ['revoked', 'revoked'] });
    for (const format of ['secret', 'kv']) {
      const run = keysCli(site.dist, ['export', '--format', format]);
      expect(run, format).toMatchObject({ code: 1, stdout: '' });
      expect(run.stderr).toContain(`${site.keysFile} has 2 keys, all revoked`);
      const allowed = keysCli(site.dist, ['export', '--format', format, '--allow-empty']);
      expect(allowed.code, allowed.stderr).toBe(0);
      expect(allowed.stdout).toContain(site.keys[1]!.id);
    }
  });
});

describe('agentdir keys list, create and revoke find the same key file', () => {
  it('list fails from a folder with no key file and names where it looked', async () => {
    const site = await project();
    for (const args of [['list'], ['list', '--json']]) {
      const run = keysCli(site.dist, args);
      expect(run).toMatchObject({ code: 1, stdout: '' });
      expect(run.stderr).toContain(`  ${path.join(site.dist, '.agentdir', 'keys.json')}\n  ${site.keysFile}\n`);
    }
  });

  it('list from dist/ lists the keys of the project', async () => {
    const site = await project({ records: ['active'] });
    const run = keysCli(site.dist, ['list', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as { id: string }[]).map((row) => row.id)).toEqual([site.keys[0]!.id]);
    expect(run.stderr).toContain(site.keysFile);
  });

  it('create from a subfolder adds the key to the project key file instead of starting a new one', async () => {
    const site = await project({ records: ['active'] });
    const run = keysCli(site.dist, ['create', '--tier', 'corpus', '--label', 'from dist']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`in ${site.keysFile}.`);
    expect(readKeyFile(site.keysFile).keys.map((record) => record.label)).toEqual(['active', 'from dist']);
    expect(fs.existsSync(path.join(site.dist, '.agentdir'))).toBe(false);
  });

  it('create with no key file anywhere starts one in the current folder, which export from dist/ then finds', async () => {
    const site = await project();
    expect(keysCli(site.root, ['create', '--tier', 'starter']).code).toBe(0);
    expect(readKeyFile(site.keysFile).keys).toHaveLength(1);
    const run = keysCli(site.dist, ['export']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(readKeyFile(site.keysFile).keys[0]!.hash);
  });

  it('revoke from a folder with no key file fails without creating one', async () => {
    const site = await project();
    const run = keysCli(site.dist, ['revoke', 'key_0123456789ab']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('No key file found.');
    expect(fs.existsSync(path.join(site.dist, '.agentdir'))).toBe(false);
  });
});
