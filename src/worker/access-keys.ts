import { constantTimeEqual, keyTiers, sha256Hex, type KeyRecord, type KeyTier } from '../shared/key-hash.js';
import { arrayOrEmpty, isObject, objectOrEmpty } from '../shared/json-shapes.js';
import type { WorkerEnv } from './env.js';

/**
 * The key a request presents (openapi.json security schemes `bearerKey`, `apiKeyHeader`): `Authorization: Bearer <key>` when that header uses the
 * Bearer scheme (matched case-insensitively, key trimmed), otherwise `x-api-key`.
 */
export function presentedKey(headers: Headers): string | null {
  const authorization = headers.get('authorization');
  const bearer = authorization ? /^\s*bearer\s+(.*)$/is.exec(authorization) : null;
  if (bearer) return bearer[1]!.trim() || null;
  const apiKey = headers.get('x-api-key')?.trim();
  return apiKey || null;
}

export interface ValidKey {
  id: string;
  tier: KeyTier;
}

let parsedSource: string | undefined;
let parsedKeys: Pick<KeyRecord, 'id' | 'hash' | 'tier' | 'revoked'>[] = [];

/** AGENTDIR_KEYS parsed once per distinct value; a malformed value opens nothing. */
function keysFromSecret(secret: string): Pick<KeyRecord, 'id' | 'hash' | 'tier' | 'revoked'>[] {
  if (secret !== parsedSource) {
    parsedSource = secret;
    try {
      const value: unknown = JSON.parse(secret);
      const list = Array.isArray(value) ? value : arrayOrEmpty(objectOrEmpty(value).keys);
      parsedKeys = list.filter(
        (entry): entry is KeyRecord =>
          isObject(entry) && typeof entry.hash === 'string' && typeof entry.tier === 'string',
      );
    } catch {
      parsedKeys = [];
    }
  }
  return parsedKeys;
}

const tiers = new Set<string>(keyTiers);

/** Looks a presented key up by its SHA-256 hash. Revoked keys and unknown tiers are invalid. */
export async function verifyKey(key: string | null, env: WorkerEnv): Promise<ValidKey | null> {
  if (!key || key.length > 512) return null;
  const hash = await sha256Hex(key);
  if (env.AGENTDIR_KEYS_KV) {
    const record = (await env.AGENTDIR_KEYS_KV.get(hash, 'json')) as Partial<KeyRecord> | null;
    return record && !record.revoked && tiers.has(record.tier as string)
      ? { id: String(record.id ?? ''), tier: record.tier as KeyTier }
      : null;
  }
  if (!env.AGENTDIR_KEYS) return null;
  let found: ValidKey | null = null;
  // Every record is compared, without stopping early, so timing says nothing about which matched.
  for (const record of keysFromSecret(env.AGENTDIR_KEYS)) {
    const match = constantTimeEqual(record.hash, hash);
    if (match && !record.revoked && tiers.has(record.tier)) found = { id: record.id, tier: record.tier };
  }
  return found;
}
