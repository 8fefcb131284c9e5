import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyExportError } from '../../src/keys/empty-export.js';
import { describeJsonError } from '../../src/keys/json-error.js';
import { exportKv, exportSecret, KeyFileError, newKey, readKeyFile, type KeyFile } from '../../src/keys/key-file.js';
import { keyRecordProblems } from '../../src/keys/key-record-problems.js';
import { sha256Hex, type KeyRecord } from '../../src/shared/key-hash.js';
import { verifyKey } from '../../src/worker/access-keys.js';
import { tempDir } from '../helpers/fixtures.js';

const hash = 'a'.repeat(64);
const valid: KeyRecord = { id: 'key_1', hash, tier: 'starter', created: '2025-01-01' };

describe('keyRecordProblems', () => {
  it('accepts well-formed records, with optional label and revoked', () => {
    expect(keyRecordProblems([valid, { ...valid, label: 'ci', revoked: '2025-02-01' }])).toEqual([]);
  });

  it('names each bad field by its index, without quoting values', () => {
    const problems = keyRecordProblems([
      valid,
      { id: '', hash: 'adk_secret-key-pasted-here', tier: 'gold', created: 5, label: 3 },
      'key',
      null,
      [],
    ]);
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual([
      'keys[1].id',
      'keys[1].hash',
      'keys[1].tier',
      'keys[1].created',
      'keys[1].label',
      'keys[2]',
      'keys[3]',
      'keys[4]',
    ]);
    expect(problems.join('\n')).not.toContain('adk_secret');
  });

  it('wants the hash as 64 lowercase hex digits', () => {
    for (const bad of ['A'.repeat(64), 'a'.repeat(63), 'g'.repeat(64)])
      expect(keyRecordProblems([{ ...valid, hash: bad }])).toHaveLength(1);
  });

  it('refuses tiers named like built-ins', () => {
    expect(keyRecordProblems([{ ...valid, tier: '__proto__' }])).toHaveLength(1);
    expect(keyRecordProblems([{ ...valid, tier: 'constructor' }])).toHaveLength(1);
  });
});

describe('newKey and the exports', () => {
  it('makes an adk_ key whose record holds its hash, never the key', async () => {
    const { key, record } = await newKey('corpus', 'laptop', '2025-03-04');
    expect(key).toMatch(/^adk_[A-Za-z0-9_-]{43}$/);
    expect(record).toMatchObject({
      tier: 'corpus',
      label: 'laptop',
      created: '2025-03-04',
      hash: await sha256Hex(key),
    });
    expect(record.id).toMatch(/^key_[0-9a-f]{12}$/);
    expect(JSON.stringify(record)).not.toContain(key);
    expect(keyRecordProblems([record])).toEqual([]);
  });

  it('exports a secret the worker verifies: hashes, tiers and revocations only', async () => {
    const one = await newKey('starter', 'private label', '2025-01-01');
    const two = await newKey('redistribution', undefined, '2025-01-01');
    const file: KeyFile = { version: 1, keys: [one.record, { ...two.record, revoked: '2025-02-02' }] };
    const secret = exportSecret(file);
    expect(secret).not.toContain('private label');
    expect(secret).not.toContain('created');
    expect(await verifyKey(one.key, { AGENTDIR_KEYS: secret })).toEqual({ id: one.record.id, tier: 'starter' });
    expect(await verifyKey(two.key, { AGENTDIR_KEYS: secret })).toBeNull();
  });

  it('exports KV entries keyed by hash that the worker verifies', async () => {
    const one = await newKey('corpus', 'x', '2025-01-01');
    const entries = JSON.parse(exportKv({ version: 1, keys: [one.record] })) as { key: string; value: string }[];
    expect(entries.map((entry) => entry.key)).toEqual([one.record.hash]);
    const store = new Map(entries.map((entry) => [entry.key, JSON.parse(entry.value) as unknown]));
    const env = { AGENTDIR_KEYS_KV: { get: async (key: string) => store.get(key) ?? null } };
    expect(await verifyKey(one.key, env)).toEqual({ id: one.record.id, tier: 'corpus' });
  });

  it('refuses to export a file with no active key', () => {
    expect(emptyExportError({ version: 1, keys: [] }, 'keys.json')).toBeInstanceOf(KeyFileError);
    expect(emptyExportError({ version: 1, keys: [{ ...valid, revoked: '2025-01-02' }] }, 'keys.json')).toBeInstanceOf(
      KeyFileError,
    );
    expect(
      emptyExportError({ version: 1, keys: [valid, { ...valid, revoked: '2025-01-02' }] }, 'keys.json'),
    ).toBeNull();
  });
});

describe('describeJsonError', () => {
  const reason = (text: string) => {
    try {
      JSON.parse(text);
    } catch (error) {
      return describeJsonError(text, error);
    }
    throw new Error('parsed');
  };

  it('locates the error by line and column without quoting the text', () => {
    const text = '{\n  "keys": [\n    adk_secretvalue\n  ]\n}';
    const said = reason(text);
    expect(said).toMatch(/at line 3, column 5$/);
    expect(said).not.toContain('adk_secretvalue');
  });

  it('says when the text ends too early', () => {
    expect(reason('{"keys": [')).toMatch(/^it ends too early/);
    expect(reason('')).toMatch(/^it ends too early/);
  });
});

describe('readKeyFile', () => {
  const write = (text: string) => {
    const file = path.join(tempDir('agentdir-unit-keys-'), 'keys.json');
    fs.writeFileSync(file, text);
    return file;
  };

  it('reads a missing file as an empty key file', () => {
    expect(readKeyFile(path.join(tempDir('agentdir-unit-keys-'), 'none.json'))).toEqual({ version: 1, keys: [] });
  });

  it('reads a valid file', () => {
    expect(readKeyFile(write(JSON.stringify({ version: 1, keys: [valid] })))).toEqual({ version: 1, keys: [valid] });
  });

  it('refuses malformed JSON, a missing list and malformed records, never echoing a key', () => {
    const secret = 'adk_do-not-log-me';
    for (const text of [`{"keys": [${secret}]}`, '{"version": 1}', `{"keys": [{"id": "x", "hash": "${secret}"}]}`]) {
      const file = write(text);
      expect(() => readKeyFile(file), text).toThrow(KeyFileError);
      try {
        readKeyFile(file);
      } catch (error) {
        expect((error as Error).message).not.toContain(secret);
      }
    }
  });
});
