import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readKeyFile } from '../src/keys/key-file.js';
import { buildFixture } from './helpers/build-fixture.js';
import { cliPath, fixturesDir, repoRoot, tempDir } from './helpers/fixtures.js';
import { runtimePair, type ServeRuntime, type WorkerdRuntime } from './helpers/runtime-pair.js';
import { workerModules } from './helpers/runtimes.js';
import { stopProcess } from './helpers/stop-process.js';

function keysCli(keysFile: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [cliPath, 'keys', ...args, '--file', keysFile], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

let dist = '';
let keysFile = '';
let key = '';
let serve: ServeRuntime;
let workerd: WorkerdRuntime;
let close: () => Promise<void>;

beforeAll(async () => {
  dist = (await buildFixture(path.join(fixturesDir, 'minimal'))).outDir;
  keysFile = path.join(tempDir(), 'keys', 'keys.json');
  const created = keysCli(keysFile, 'create', '--tier', 'starter', '--label', 'Test agent');
  expect(created.code).toBe(0);
  key = created.stdout.trim();
  ({ serve, workerd, close } = await runtimePair({ dist, keysFile }));
});
afterAll(() => close?.());

describe('agentdir keys', () => {
  it('prints a new key once and stores only its SHA-256 hash, readable by the owner only', () => {
    expect(key).toMatch(/^adk_[A-Za-z0-9_-]{43}$/);
    const stored = fs.readFileSync(keysFile, 'utf8');
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(key.slice(4, 20));
    const record = readKeyFile(keysFile).keys[0]!;
    expect(record).toMatchObject({ tier: 'starter', label: 'Test agent' });
    expect(record.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(keysFile).mode & 0o777).toBe(0o600);
  });

  it('lists keys without keys or hashes', () => {
    const listed = keysCli(keysFile, 'list', '--json');
    expect(listed.code).toBe(0);
    const rows = JSON.parse(listed.stdout) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tier: 'starter', label: 'Test agent', revoked: '' });
    expect(listed.stdout).not.toContain(readKeyFile(keysFile).keys[0]!.hash);
  });

  it('lists keys as a table with a header row', () => {
    const [header, row] = keysCli(keysFile, 'list').stdout.split('\n');
    expect(header).toMatch(/^ID\s+TIER\s+CREATED\s+STATE\s+LABEL$/);
    expect(row).toMatch(/^key_\w+\s+starter\s+\d{4}-\d{2}-\d{2}\s+active\s+Test agent$/);
    expect(row!.indexOf('starter')).toBe(header!.indexOf('TIER'));
  });

  it('exports the AGENTDIR_KEYS secret and KV entries with hashes, never keys', () => {
    const secret = keysCli(keysFile, 'export');
    expect(JSON.parse(secret.stdout).keys[0]).toEqual({
      id: readKeyFile(keysFile).keys[0]!.id,
      hash: readKeyFile(keysFile).keys[0]!.hash,
      tier: 'starter',
    });
    const kv = JSON.parse(keysCli(keysFile, 'export', '--format', 'kv').stdout) as { key: string; value: string }[];
    expect(kv[0]!.key).toBe(readKeyFile(keysFile).keys[0]!.hash);
    expect(secret.stdout + kv).not.toContain(key);
  });

  it('refuses an unknown tier and an unknown id with a clear message', () => {
    const badTier = keysCli(keysFile, 'create', '--tier', 'gold');
    expect(badTier.code).not.toBe(0);
    expect(badTier.stderr).toContain('Allowed choices are starter, corpus, redistribution');
    const badId = keysCli(keysFile, 'revoke', 'key_nope');
    expect(badId.code).toBe(1);
    expect(badId.stderr).toContain('No key with id `key_nope`');
  });

  it('opens premium resources with the created key, and stops after revocation without a rebuild or restart', async () => {
    const headers = { Authorization: `Bearer ${key}` };
    expect((await serve.request('/resources/json-api.md', { headers })).status).toBe(200);
    expect((await workerd.request('/resources/json-api.md', { headers })).status).toBe(200);
    const workerBefore = fs.readFileSync(path.join(dist, 'worker/worker.js'));

    const id = readKeyFile(keysFile).keys[0]!.id;
    expect(keysCli(keysFile, 'revoke', id).code).toBe(0);
    expect(readKeyFile(keysFile).keys[0]!.revoked).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // serve re-reads the key file; on workerd the secret is updated, as `wrangler secret put` does.
    expect((await serve.request('/resources/json-api.md', { headers })).status).toBe(402);
    // The only key is revoked now: exporting no active key takes --allow-empty.
    const exported = keysCli(keysFile, 'export', '--allow-empty');
    expect(exported.code, exported.stderr).toBe(0);
    await workerd.setKeys(exported.stdout.trim());
    expect((await workerd.request('/resources/json-api.md', { headers })).status).toBe(402);
    expect(fs.readFileSync(path.join(dist, 'worker/worker.js')).equals(workerBefore)).toBe(true);
  });

  it('never writes a key into the worker, the build or the logs', () => {
    for (const file of ['worker/worker.js', 'worker/data/worker-data.json', 'wrangler.jsonc']) {
      expect(fs.readFileSync(path.join(dist, file), 'utf8')).not.toContain(key);
    }
  });
});

describe('other key stores', () => {
  it('reads keys from a KV namespace bound as AGENTDIR_KEYS_KV on workerd', async () => {
    const { Miniflare } = await import('miniflare');
    const kvFile = path.join(tempDir(), 'kv-keys.json');
    const created = keysCli(kvFile, 'create', '--tier', 'corpus');
    const kvKey = created.stdout.trim();
    const entries = JSON.parse(keysCli(kvFile, 'export', '--format', 'kv').stdout) as { key: string; value: string }[];
    const miniflare = new Miniflare({
      ...workerModules(dist),
      compatibilityDate: '2026-04-01',
      kvNamespaces: ['AGENTDIR_KEYS_KV'],
    });
    try {
      const kv = (await miniflare.getKVNamespace('AGENTDIR_KEYS_KV')) as unknown as {
        put(key: string, value: string): Promise<void>;
      };
      for (const entry of entries) await kv.put(entry.key, entry.value);
      const open = await miniflare.dispatchFetch('https://site.test/api/resources/json-api.json', {
        headers: { 'x-api-key': kvKey },
      });
      expect(open.status).toBe(200);
      expect(((await open.json()) as { body: string }).body.length).toBeGreaterThan(20);
      const closed = await miniflare.dispatchFetch('https://site.test/api/resources/json-api.json', {
        headers: { 'x-api-key': `${kvKey}x` },
      });
      expect(closed.status).toBe(402);
      await closed.text();
    } finally {
      await miniflare.dispose();
    }
  });

  it('takes AGENTDIR_KEYS from --env-file on serve', async () => {
    const envFile = path.join(tempDir(), 'worker.env');
    const keyFile = path.join(tempDir(), 'env-keys.json');
    const envKey = keysCli(keyFile, 'create', '--tier', 'starter').stdout.trim();
    fs.writeFileSync(envFile, `# worker environment\nAGENTDIR_KEYS='${keysCli(keyFile, 'export').stdout.trim()}'\n`);
    const { spawn } = await import('node:child_process');
    const child = spawn(
      process.execPath,
      [cliPath, 'serve', dist, '--port', '0', '--env-file', envFile, '--keys-file', path.join(tempDir(), 'none.json')],
      { cwd: repoRoot, env: { ...process.env, AGENTDIR_KEYS: '' } },
    );
    try {
      const url = await new Promise<string>((resolve) =>
        child.stdout.on(
          'data',
          (chunk: Buffer) =>
            /http:\/\/[\d.:]+\//.test(chunk.toString()) && resolve(/http:\/\/[\d.:]+\//.exec(chunk.toString())![0]),
        ),
      );
      const response = await fetch(`${url}resources/json-api.md`, { headers: { Authorization: `Bearer ${envKey}` } });
      expect(response.status).toBe(200);
      await response.text();
    } finally {
      await stopProcess(child);
    }
  });
});
