import { describe, expect, it } from 'vitest';
import { presentedKey, verifyKey } from '../../src/worker/access-keys.js';
import type { KeyValueStore, WorkerEnv } from '../../src/worker/env.js';
import { constantTimeEqual, opensFullCorpus, sha256Hex } from '../../src/shared/key-hash.js';

const headers = (init: Record<string, string>) => new Headers(init);

describe('presentedKey', () => {
  it('reads `Authorization: Bearer <key>`, scheme in any case, key trimmed', () => {
    expect(presentedKey(headers({ authorization: 'Bearer adk_one' }))).toBe('adk_one');
    expect(presentedKey(headers({ authorization: 'bearer adk_one' }))).toBe('adk_one');
    expect(presentedKey(headers({ authorization: 'BEARER \t adk_one  ' }))).toBe('adk_one');
  });

  it('reads x-api-key, trimmed', () => {
    expect(presentedKey(headers({ 'x-api-key': '  adk_two ' }))).toBe('adk_two');
    expect(presentedKey(headers({ 'X-API-Key': 'adk_two' }))).toBe('adk_two');
  });

  it('prefers Bearer when both headers are sent', () => {
    expect(presentedKey(headers({ authorization: 'Bearer adk_one', 'x-api-key': 'adk_two' }))).toBe('adk_one');
  });

  it('falls back to x-api-key when Authorization uses another scheme or no scheme', () => {
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearerxyz', 'Token adk_one', 'adk_one'])
      expect(presentedKey(headers({ authorization, 'x-api-key': 'adk_two' })), authorization).toBe('adk_two');
  });

  it('is null without a usable key', () => {
    expect(presentedKey(headers({}))).toBeNull();
    expect(presentedKey(headers({ 'x-api-key': '   ' }))).toBeNull();
    expect(presentedKey(headers({ authorization: 'Basic abc' }))).toBeNull();
  });

  it('keeps a key with inner spaces whole', () => {
    expect(presentedKey(headers({ authorization: 'Bearer two words' }))).toBe('two words');
  });
});

describe('key hashing', () => {
  it('hashes with SHA-256 as lowercase hex', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('compares strings exactly, including their lengths', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
    expect(constantTimeEqual('a', '')).toBe(false);
  });
});

describe('tier rules', () => {
  it('opens the full corpus for the corpus and redistribution tiers only', () => {
    expect(opensFullCorpus('starter')).toBe(false);
    expect(opensFullCorpus('corpus')).toBe(true);
    expect(opensFullCorpus('redistribution')).toBe(true);
  });
});

async function record(key: string, tier: string, extra: Record<string, unknown> = {}) {
  return { id: `id-${key}`, hash: await sha256Hex(key), tier, ...extra };
}

describe('verifyKey against AGENTDIR_KEYS', () => {
  it('finds a key by its hash and returns its id and tier', async () => {
    const env: WorkerEnv = {
      AGENTDIR_KEYS: JSON.stringify({ keys: [await record('k1', 'starter'), await record('k2', 'corpus')] }),
    };
    expect(await verifyKey('k1', env)).toEqual({ id: 'id-k1', tier: 'starter' });
    expect(await verifyKey('k2', env)).toEqual({ id: 'id-k2', tier: 'corpus' });
    expect(await verifyKey('k3', env)).toBeNull();
  });

  it('also accepts a bare list of records', async () => {
    const env = { AGENTDIR_KEYS: JSON.stringify([await record('k1', 'redistribution')]) };
    expect(await verifyKey('k1', env)).toEqual({ id: 'id-k1', tier: 'redistribution' });
  });

  it('refuses revoked keys and unknown tiers, built-in names included', async () => {
    const env = {
      AGENTDIR_KEYS: JSON.stringify({
        keys: [
          await record('revoked', 'corpus', { revoked: '2025-01-02' }),
          await record('gold', 'gold'),
          await record('proto', '__proto__'),
          await record('ctor', 'constructor'),
        ],
      }),
    };
    for (const key of ['revoked', 'gold', 'proto', 'ctor']) expect(await verifyKey(key, env), key).toBeNull();
  });

  it('treats keys named like built-ins as ordinary strings', async () => {
    const env = { AGENTDIR_KEYS: JSON.stringify({ keys: [await record('__proto__', 'starter')] }) };
    expect(await verifyKey('__proto__', env)).toEqual({ id: 'id-__proto__', tier: 'starter' });
    expect(await verifyKey('constructor', env)).toBeNull();
  });

  it('opens nothing when the secret is malformed, missing, or holds malformed records', async () => {
    const good = await record('k1', 'starter');
    for (const secret of ['not json', '{"keys": "k1"}', 'null', '42', JSON.stringify({ keys: [{ ...good, hash: 7 }] })])
      expect(await verifyKey('k1', { AGENTDIR_KEYS: secret }), secret).toBeNull();
    expect(await verifyKey('k1', {})).toBeNull();
  });

  it('refuses empty and over-long keys before hashing', async () => {
    const long = 'k'.repeat(513);
    const env = {
      AGENTDIR_KEYS: JSON.stringify({ keys: [await record(long, 'starter'), await record('', 'starter')] }),
    };
    expect(await verifyKey(long, env)).toBeNull();
    expect(await verifyKey('', env)).toBeNull();
    expect(await verifyKey(null, env)).toBeNull();
    const longest = 'k'.repeat(512);
    expect(await verifyKey(longest, { AGENTDIR_KEYS: JSON.stringify([await record(longest, 'starter')]) })).toEqual({
      id: `id-${longest}`,
      tier: 'starter',
    });
  });

  it('reads a changed secret anew', async () => {
    expect(await verifyKey('k1', { AGENTDIR_KEYS: JSON.stringify([await record('k1', 'starter')]) })).not.toBeNull();
    expect(
      await verifyKey('k1', { AGENTDIR_KEYS: JSON.stringify([await record('k1', 'starter', { revoked: 'x' })]) }),
    ).toBeNull();
  });
});

describe('verifyKey against AGENTDIR_KEYS_KV', () => {
  function kv(entries: Record<string, unknown>): KeyValueStore & { asked: string[] } {
    const asked: string[] = [];
    return {
      asked,
      async get(key) {
        asked.push(key);
        return Object.hasOwn(entries, key) ? entries[key] : null;
      },
    };
  }

  it('looks the hash up and applies the same rules', async () => {
    const store = kv({
      [await sha256Hex('good')]: { id: 'g', tier: 'corpus' },
      [await sha256Hex('revoked')]: { id: 'r', tier: 'corpus', revoked: '2025-02-02' },
      [await sha256Hex('odd')]: { id: 'o', tier: 'toString' },
    });
    const env = { AGENTDIR_KEYS_KV: store };
    expect(await verifyKey('good', env)).toEqual({ id: 'g', tier: 'corpus' });
    expect(store.asked).toEqual([await sha256Hex('good')]);
    expect(await verifyKey('revoked', env)).toBeNull();
    expect(await verifyKey('odd', env)).toBeNull();
    expect(await verifyKey('missing', env)).toBeNull();
  });

  it('is used instead of AGENTDIR_KEYS when both are bound', async () => {
    const env = { AGENTDIR_KEYS_KV: kv({}), AGENTDIR_KEYS: JSON.stringify([await record('k1', 'starter')]) };
    expect(await verifyKey('k1', env)).toBeNull();
  });
});
