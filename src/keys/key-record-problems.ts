import { keyTiers } from '../shared/key-hash.js';

/**
 * What is wrong with the stored records, field first ("keys[2].tier must be ..."). Values are not
 * quoted: a hand-edited file may hold a key where a hash belongs, and these lines reach the logs.
 */
export function keyRecordProblems(keys: unknown[]): string[] {
  return keys.flatMap((entry, index) => {
    const at = `keys[${index}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return [`${at} must be an object`];
    const record = entry as Record<string, unknown>;
    const problems: string[] = [];
    if (typeof record.id !== 'string' || !record.id) problems.push(`${at}.id must be a non-empty string`);
    if (typeof record.hash !== 'string' || !/^[0-9a-f]{64}$/.test(record.hash))
      problems.push(`${at}.hash must be a SHA-256 hash (64 lowercase hex digits)`);
    if (!keyTiers.includes(record.tier as never)) problems.push(`${at}.tier must be one of ${keyTiers.join(', ')}`);
    if (typeof record.created !== 'string') problems.push(`${at}.created must be a date string`);
    for (const optional of ['label', 'revoked'] as const) {
      if (record[optional] !== undefined && typeof record[optional] !== 'string')
        problems.push(`${at}.${optional} must be a string when present`);
    }
    return problems;
  });
}
