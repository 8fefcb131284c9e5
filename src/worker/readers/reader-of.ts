import type { ReadersDatabase } from '../../shared/readers/database.js';
import { readerHash, saltForDay } from '../../shared/readers/statements.js';

/** The UTC day of an instant, YYYY-MM-DD: the unit readers are counted in and salts rotate by. */
export function dayOf(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** This isolate's copy of the day's salt: one database round trip a day, not one per request. */
let known: { day: string; salt: string } | null = null;

function freshSalt(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Who sent a request, as a keyed hash of its address and user agent with the day's salt: distinct
 * readers can be counted within a day, and once the salt is pruned no hash can be traced back to an
 * address. Null when the platform gives no address.
 */
export async function readerOf(db: ReadersDatabase, request: Request, at: number): Promise<string | null> {
  const address = request.headers.get('cf-connecting-ip');
  if (!address) return null;
  const day = dayOf(at);
  if (known?.day !== day) known = { day, salt: await saltForDay(db, day, freshSalt()) };
  return readerHash(known.salt, address, request.headers.get('user-agent') ?? '');
}
