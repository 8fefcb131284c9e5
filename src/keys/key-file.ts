import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sha256Hex, type KeyRecord, type KeyTier } from '../shared/key-hash.js';

/** Where keys live unless a flag or AGENTDIR_KEYS_FILE says otherwise: outside dist/, ignored by git. */
export const defaultKeyFile = path.join('.agentdir', 'keys.json');

export function keyFilePath(flag?: string): string {
  return path.resolve(flag ?? process.env.AGENTDIR_KEYS_FILE ?? defaultKeyFile);
}

export interface KeyFile {
  version: 1;
  keys: KeyRecord[];
}

export class KeyFileError extends Error {
  override readonly name = 'KeyFileError';
}

export function readKeyFile(file: string): KeyFile {
  if (!fs.existsSync(file)) return { version: 1, keys: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new KeyFileError(`${file} is not valid JSON (${(error as Error).message}). Restore it from a backup, or move it away to start a new key file.`);
  }
  const keys = (parsed as Partial<KeyFile>)?.keys;
  if (!Array.isArray(keys)) throw new KeyFileError(`${file} has no \`keys\` list. It is not an agentdir key file.`);
  return { version: 1, keys: keys as KeyRecord[] };
}

/** Writes beside the file and renames, readable by the owner only: a crash never leaves half a key file. */
export function writeKeyFile(file: string, keyFile: KeyFile): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(keyFile, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

/** A new random key (shown once) and the record stored for it (its hash, never the key). */
export async function newKey(tier: KeyTier, label: string | undefined, today: string): Promise<{ key: string; record: KeyRecord }> {
  const key = `adk_${randomBytes(32).toString('base64url')}`;
  const record: KeyRecord = { id: `key_${randomBytes(6).toString('hex')}`, hash: await sha256Hex(key), tier, ...(label ? { label } : {}), created: today };
  return { key, record };
}

/** The value of the worker's AGENTDIR_KEYS secret: hashes, tiers and revocations only. */
export function exportSecret(keyFile: KeyFile): string {
  return JSON.stringify({ keys: keyFile.keys.map(({ id, hash, tier, revoked }) => ({ id, hash, tier, ...(revoked ? { revoked } : {}) })) });
}

/** Entries for `wrangler kv bulk put`: hash -> record, for the AGENTDIR_KEYS_KV binding. */
export function exportKv(keyFile: KeyFile): string {
  return JSON.stringify(
    keyFile.keys.map(({ id, hash, tier, revoked }) => ({ key: hash, value: JSON.stringify({ id, tier, ...(revoked ? { revoked } : {}) }) })),
    null,
    2,
  );
}
