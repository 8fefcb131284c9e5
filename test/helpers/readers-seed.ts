import { Miniflare } from 'miniflare';
import type { ReadersDatabase } from '../../src/shared/readers/database.js';
import type { LedgerPayment } from '../../src/shared/readers/ledger-payment.js';
import type { ReaderEvent } from '../../src/shared/readers/reader-event.js';
import type { ReaderFeedback } from '../../src/shared/readers/reader-feedback.js';
import { recordEvent, recordFeedback, recordPayment } from '../../src/shared/readers/statements.js';
import { applyReadersMigration } from './readers-migration.js';

const hour = 3_600_000;

/** A request as the worker records it, `hoursAfter` the base instant. */
export function readerEvent(base: number, hoursAfter: number, fields: Partial<ReaderEvent> = {}): ReaderEvent {
  const at = base + hoursAfter * hour;
  return {
    at,
    day: new Date(at).toISOString().slice(0, 10),
    reader: 'r-gpt',
    agent: 'GPTBot',
    operator: 'openai.com',
    kind: 'ai-agent',
    verified: false,
    userAgent: 'Mozilla/5.0 (compatible; GPTBot/1.2)',
    method: 'GET',
    path: '/resources/getting-started.md',
    format: 'markdown',
    status: 200,
    ...fields,
  };
}

/** USDC on Base, the asset of the seeded payments. */
export const baseUsdc = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';

/** A settled x402 payment as the worker records it, `hoursAfter` the base instant. */
export function payment(base: number, hoursAfter: number, fields: Partial<LedgerPayment> = {}): LedgerPayment {
  const at = base + hoursAfter * hour;
  return {
    at,
    day: new Date(at).toISOString().slice(0, 10),
    rail: 'x402',
    x402Version: 2,
    scheme: 'exact',
    transferMethod: 'eip3009',
    network: 'eip155:8453',
    asset: baseUsdc,
    amount: '10000',
    payer: '0xB0B0000000000000000000000000000000000001',
    slug: 'premium-guide',
    transaction: `0x${'ab'.repeat(32)}`,
    channel: 'http',
    ...fields,
  };
}

/** A transaction id a spreadsheet would run as a formula: ids come from the facilitator, so they are data. */
export const hostileTransaction = '=HYPERLINK("http://x","paid")';

export function readerFeedback(base: number, hoursAfter: number, fields: Partial<ReaderFeedback> = {}): ReaderFeedback {
  const at = base + hoursAfter * hour;
  return {
    at,
    day: new Date(at).toISOString().slice(0, 10),
    reader: 'r-claude',
    page: '/resources/getting-started',
    rating: 'helpful',
    score: 5,
    comment: null,
    agent: 'ClaudeBot',
    userAgent: 'ClaudeBot/1.0',
    ...fields,
  };
}

/** A hostile user agent and search: escape sequences, a formula, a newline and SQL. */
export const hostileUserAgent = '\u001b[31mEvilBot\u001b[0m\u001b[2J';
export const hostileQuery = '=HYPERLINK("http://x")\u001b[2J;\r\n\'); DROP TABLE reader_events; --';

/** A few days of a small site's readers: agents, formats, MCP tools, searches, 402s, payments and feedback. */
export async function seedReaders(db: ReadersDatabase, base: number): Promise<void> {
  const events: ReaderEvent[] = [
    readerEvent(base, 1),
    readerEvent(base, 2, { path: '/api/resources/getting-started.json', format: 'json' }),
    readerEvent(base, 26, { reader: 'r-gpt-2' }),
    readerEvent(base, 3, {
      reader: 'r-claude',
      agent: 'ClaudeBot',
      operator: 'anthropic.com',
      verified: true,
      userAgent: 'ClaudeBot/1.0',
      method: 'POST',
      path: '/mcp',
      format: 'mcp',
      mcpMethod: 'tools/call',
      tool: 'search_resources',
      query: 'vector databases',
      results: 0,
    }),
    readerEvent(base, 4, {
      reader: 'r-claude',
      agent: 'ClaudeBot',
      operator: 'anthropic.com',
      verified: true,
      method: 'POST',
      path: '/mcp',
      format: 'mcp',
      mcpMethod: 'tools/call',
      tool: 'search_resources',
      query: 'vector databases',
      results: 0,
    }),
    readerEvent(base, 5, {
      reader: 'r-claude',
      agent: 'ClaudeBot',
      operator: 'anthropic.com',
      path: '/mcp',
      format: 'mcp',
      mcpMethod: 'tools/call',
      tool: 'get_resource',
      slug: 'getting-started',
    }),
    readerEvent(base, 6, {
      reader: 'r-unknown',
      agent: 'Unidentified agent',
      operator: null,
      kind: 'unknown',
      userAgent: hostileUserAgent,
      path: '/search',
      format: 'json',
      query: hostileQuery,
      results: 0,
    }),
    readerEvent(base, 7, { path: '/resources/premium-guide.md', status: 402, access: 'payment-required' }),
    readerEvent(base, 8, { path: '/resources/premium-guide.md', access: 'key', keyTier: 'starter' }),
    readerEvent(base, 9, {
      path: '/api/x402/premium-guide',
      format: 'json',
      access: 'x402',
      x402Version: 2,
      amount: '98765432109876543210',
      currency: 'USDC',
    }),
    readerEvent(base, 10, {
      path: '/api/x402/premium-guide',
      format: 'json',
      access: 'x402',
      x402Version: 2,
      amount: '10000',
      currency: 'USDC',
    }),
    readerEvent(base, 11, {
      reader: 'r-browser',
      agent: 'Browser',
      operator: null,
      kind: 'browser',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
      path: '/resources/getting-started',
      format: 'html',
    }),
    readerEvent(base, 12, { agent: 'Googlebot', operator: 'google.com', kind: 'crawler', reader: 'r-google' }),
  ];
  for (const event of events) await recordEvent(db, event);
  // The ledger rows of the two paid reads above: one past 2^64, one whose transaction id is hostile.
  await recordPayment(db, payment(base, 9, { amount: '98765432109876543210' }));
  await recordPayment(db, payment(base, 10, { transaction: hostileTransaction, channel: 'mcp' }));
  const limit = { perReaderLimit: 10, windowMs: 24 * hour };
  await recordFeedback(db, readerFeedback(base, 13, { comment: 'Clear and short.' }), limit);
  await recordFeedback(db, readerFeedback(base, 14, { rating: 'not-helpful', score: 2, comment: hostileQuery }), limit);
  await recordFeedback(db, readerFeedback(base, 15, { rating: null, score: 4 }), limit);
}

/** A Miniflare D1 database with the readers migration applied. */
export async function miniflareReadersDatabase(): Promise<{ db: ReadersDatabase; close(): Promise<void> }> {
  const miniflare = new Miniflare({
    modules: true,
    script: 'export default { fetch() { return new Response(null, { status: 204 }); } };',
    d1Databases: ['AGENTDIR_DB'],
  });
  const db = (await miniflare.getD1Database('AGENTDIR_DB')) as unknown as ReadersDatabase;
  await applyReadersMigration(db);
  return { db, close: () => miniflare.dispose() };
}
