// Every statement the worker records readers with, over the D1-shaped `ReadersDatabase`: the same
// SQL runs on Cloudflare D1 and on the SQLite file of `agentdir serve`. Every value is a bound
// parameter; nothing from a request is ever part of the SQL text.

import type { ReadersDatabase } from './database.js';
import type { LedgerPayment } from './ledger-payment.js';
import type { ReaderEvent } from './reader-event.js';
import type { ReaderFeedback } from './reader-feedback.js';

const dayMs = 86_400_000;

const insertEvent = `INSERT INTO reader_events (at, day, reader, agent, operator, kind, verified, user_agent, method,
  path, format, status, mcp_method, tool, query, results, access, key_tier, x402_version, amount, currency, slug)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** Records one answered request. */
export async function recordEvent(db: ReadersDatabase, event: ReaderEvent): Promise<void> {
  await db
    .prepare(insertEvent)
    .bind(
      event.at,
      event.day,
      event.reader,
      event.agent,
      event.operator,
      event.kind,
      event.verified ? 1 : 0,
      event.userAgent,
      event.method,
      event.path,
      event.format,
      event.status,
      event.mcpMethod ?? null,
      event.tool ?? null,
      event.query ?? null,
      event.results ?? null,
      event.access ?? 'free',
      event.keyTier ?? null,
      event.x402Version ?? null,
      event.amount ?? null,
      event.currency ?? null,
      event.slug ?? null,
    )
    .run();
}

const insertPayment = `INSERT INTO payments (at, day, rail, x402_version, scheme, network, asset, amount, payer, slug,
  transaction_id, channel, transfer_method) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** Records one settled payment in the ledger. */
export async function recordPayment(db: ReadersDatabase, payment: LedgerPayment): Promise<void> {
  await db
    .prepare(insertPayment)
    .bind(
      payment.at,
      payment.day,
      payment.rail,
      payment.x402Version,
      payment.scheme,
      payment.network,
      payment.asset,
      payment.amount,
      payment.payer,
      payment.slug,
      payment.transaction,
      payment.channel,
      payment.transferMethod,
    )
    .run();
}

/** Whether `payer` (any letter case) settled a payment for `slug` at or after `since`: the ledger's (payer, slug) index. */
export async function paidSince(db: ReadersDatabase, payer: string, slug: string, since: number): Promise<boolean> {
  const row = await db
    .prepare('SELECT 1 AS paid FROM payments WHERE payer = ? AND slug = ? AND at >= ? LIMIT 1')
    .bind(payer, slug, since)
    .first();
  return row !== null;
}

/**
 * Claims a Sign-In-With-X nonce: true the first time it is seen, false ever after (one statement, so
 * two isolates claiming one nonce at once cannot both win). Claims older than a day go first.
 */
export async function claimNonce(db: ReadersDatabase, nonce: string, at: number): Promise<boolean> {
  await db
    .prepare('DELETE FROM reaccess_nonces WHERE at < ?')
    .bind(at - dayMs)
    .run();
  const claimed = await db
    .prepare('INSERT INTO reaccess_nonces (nonce, at) VALUES (?, ?) ON CONFLICT (nonce) DO NOTHING RETURNING nonce')
    .bind(nonce, at)
    .first();
  return claimed !== null;
}

// One statement, so the count and the insert cannot interleave with another request's: two isolates
// posting at once can never both see "one left" and both store.
const insertFeedbackUnderLimit = `INSERT INTO reader_feedback (at, day, reader, page, rating, score, comment, agent, user_agent)
  SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?
  WHERE (SELECT count(*) FROM reader_feedback WHERE reader IS ? AND at > ?) < ?
  RETURNING id`;

/** Stores feedback unless its reader already sent `perReaderLimit` in the last `windowMs`; true when stored. */
export async function recordFeedback(
  db: ReadersDatabase,
  feedback: ReaderFeedback,
  { perReaderLimit, windowMs }: { perReaderLimit: number; windowMs: number },
): Promise<boolean> {
  const stored = await db
    .prepare(insertFeedbackUnderLimit)
    .bind(
      feedback.at,
      feedback.day,
      feedback.reader,
      feedback.page,
      feedback.rating,
      feedback.score,
      feedback.comment,
      feedback.agent,
      feedback.userAgent,
      feedback.reader,
      feedback.at - windowMs,
      perReaderLimit,
    )
    .first<{ id: number }>();
  return stored !== null;
}

/**
 * The salt of `day`: the one already stored, else `freshSalt`, stored now. Insert-or-ignore first,
 * so isolates that start the day at once all read back the one salt that won.
 */
export async function saltForDay(db: ReadersDatabase, day: string, freshSalt: string): Promise<string> {
  await db.prepare('INSERT OR IGNORE INTO reader_salts (day, salt) VALUES (?, ?)').bind(day, freshSalt).run();
  const row = await db.prepare('SELECT salt FROM reader_salts WHERE day = ?').bind(day).first<{ salt: string }>();
  if (!row) throw new Error(`The salt of ${day} was stored but cannot be read back.`);
  return row.salt;
}

/**
 * Deletes events and feedback from before `before` (the retention), and every salt older than
 * yesterday's: without its salt, a past day's reader hashes can no longer be tied to an address.
 */
export async function pruneReaders(
  db: ReadersDatabase,
  { before, now = Date.now() }: { before: number; now?: number },
): Promise<void> {
  const yesterday = new Date(now - dayMs).toISOString().slice(0, 10);
  await db.batch([
    db.prepare('DELETE FROM reader_events WHERE at < ?').bind(before),
    db.prepare('DELETE FROM reader_feedback WHERE at < ?').bind(before),
    db.prepare('DELETE FROM reader_salts WHERE day < ?').bind(yesterday),
  ]);
}

/**
 * Who a reader is within one day, without keeping the address: HMAC-SHA-256 of address and user
 * agent keyed with the day's salt, as 32 hex digits (16 bytes).
 */
export async function readerHash(salt: string, address: string, userAgent: string | null): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(salt), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${address}\n${userAgent ?? ''}`));
  return Array.from(new Uint8Array(mac).subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
