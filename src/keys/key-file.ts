import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sha256Hex, type KeyRecord, type KeyTier } from '../shared/key-hash.js';
import { displayPath } from '../util/paths.js';
import { describeRefusal, readRegularFileSync } from '../util/regular-file.js';
import { describeJsonError } from './json-error.js';
import { temporaryKeyFile } from './key-file-temporary.js';
import { keyRecordProblems } from './key-record-problems.js';

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
  const shown = displayPath(file);
  // Opened without waiting and judged by what was opened: a pipe or a device is refused, never read.
  const read = readRegularFileSync(file);
  if (!read.ok) {
    if (read.refusal.reason === 'missing') return { version: 1, keys: [] };
    throw new KeyFileError(
      `${shown} ${describeRefusal(read.refusal)}, so it was not read. Name the key file itself: the JSON file \`agentdir keys create\` writes.`,
    );
  }
  const text = read.bytes.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new KeyFileError(
      `${shown} is not valid JSON: ${describeJsonError(text, error)}. Restore it from a backup, or move it away to start a new key file.`,
    );
  }
  const keys = (parsed as Partial<KeyFile> | null)?.keys;
  if (!Array.isArray(keys)) throw new KeyFileError(`${shown} has no \`keys\` list. It is not an agentdir key file.`);
  const problems = keyRecordProblems(keys);
  if (problems.length) {
    const listed = problems.slice(0, 3).join('; ') + (problems.length > 3 ? `; and ${problems.length - 3} more` : '');
    throw new KeyFileError(
      `${shown} has malformed keys: ${listed}. Fix those entries, or restore the file from a backup.`,
    );
  }
  return { version: 1, keys: keys as KeyRecord[] };
}

/**
 * Writes beside the file and renames, readable by the owner only: a crash never leaves half a key
 * file. The text is ready before the temporary exists and a failed write removes it, so only a kill
 * in the instant between open and rename leaves one, which the next command removes
 * (key-file-temporary.ts).
 */
export function writeKeyFile(file: string, keyFile: KeyFile): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const text = `${JSON.stringify(keyFile, null, 2)}\n`;
  const temporary = temporaryKeyFile(file);
  // Left by an earlier process with this pid; created anew (never through a link planted there).
  fs.rmSync(temporary, { force: true });
  const fd = fs.openSync(temporary, 'wx', 0o600);
  try {
    try {
      fs.writeFileSync(fd, text);
      // On disk before the rename, so a power cut cannot leave the new name pointing at empty data.
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/** A new random key (shown once) and the record stored for it (its hash, never the key). */
export async function newKey(
  tier: KeyTier,
  label: string | undefined,
  today: string,
): Promise<{ key: string; record: KeyRecord }> {
  const key = `adk_${randomBytes(32).toString('base64url')}`;
  const record: KeyRecord = {
    id: `key_${randomBytes(6).toString('hex')}`,
    hash: await sha256Hex(key),
    tier,
    ...(label ? { label } : {}),
    created: today,
  };
  return { key, record };
}

/** The value of the worker's AGENTDIR_KEYS secret: hashes, tiers and revocations only. */
export function exportSecret(keyFile: KeyFile): string {
  return JSON.stringify({
    keys: keyFile.keys.map(({ id, hash, tier, revoked }) => ({ id, hash, tier, ...(revoked ? { revoked } : {}) })),
  });
}

/** Entries for `wrangler kv bulk put`: hash -> record, for the AGENTDIR_KEYS_KV binding. */
export function exportKv(keyFile: KeyFile): string {
  return JSON.stringify(
    keyFile.keys.map(({ id, hash, tier, revoked }) => ({
      key: hash,
      value: JSON.stringify({ id, tier, ...(revoked ? { revoked } : {}) }),
    })),
    null,
    2,
  );
}
