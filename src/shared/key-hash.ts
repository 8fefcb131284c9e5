// Access keys are stored and compared only as SHA-256 hashes. Web Crypto, so the CLI and the worker share it.

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Compares two strings in time that depends only on their lengths, never on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let index = 0; index < length; index++) difference |= (a.charCodeAt(index) || 0) ^ (b.charCodeAt(index) || 0);
  return difference === 0;
}

/** The access-key tiers, listed once: the worker's check, `keys create --tier` and the MCP tool schemas derive from it. */
export const keyTiers = ['starter', 'corpus', 'redistribution'] as const;

export type KeyTier = (typeof keyTiers)[number];

/** A stored key: never the key itself. */
export interface KeyRecord {
  id: string;
  hash: string;
  tier: KeyTier;
  label?: string;
  created: string;
  revoked?: string;
}

/** Tiers whose keys open the full corpus export (README: What the worker answers; openapi.json `exportFullCorpus`). */
export function opensFullCorpus(tier: KeyTier): boolean {
  return tier === 'corpus' || tier === 'redistribution';
}
