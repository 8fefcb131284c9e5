import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseRunner, readersReport } from '../src/analytics/report-queries.js';
import { openReadersDatabase, type LocalReadersDatabase } from '../src/serve/readers-database.js';
import type { ReadersDatabase } from '../src/shared/readers/database.js';
import {
  pruneReaders,
  readerHash,
  recordEvent,
  recordFeedback,
  recordPayment,
  saltForDay,
} from '../src/shared/readers/statements.js';
import { repoRoot, tempDir } from './helpers/fixtures.js';
import {
  baseUsdc,
  hostileTransaction,
  miniflareReadersDatabase,
  payment,
  readerEvent,
  readerFeedback,
  seedReaders,
} from './helpers/readers-seed.js';

const base = Date.parse('2026-03-02T00:00:00Z');
const period = { since: '2026-03-01T00:00:00.000Z', until: '2026-03-09T00:00:00.000Z' };
const injection = "'); DROP TABLE reader_events; --";

const count = async (db: ReadersDatabase, table: string) =>
  Number((await db.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n);

let local: LocalReadersDatabase;
let d1: Awaited<ReturnType<typeof miniflareReadersDatabase>>;
const opened: LocalReadersDatabase[] = [];
const openLocal = (file = path.join(tempDir(), '.agentdir', 'readers.sqlite')) => {
  const db = openReadersDatabase(file);
  opened.push(db);
  return db;
};

beforeAll(async () => {
  local = openLocal();
  d1 = await miniflareReadersDatabase();
});
afterAll(async () => {
  for (const db of opened) await db.close();
  await d1?.close();
});

describe('the readers database on D1 and on the local file', () => {
  it('gives the same report from the same statements on both', async () => {
    const [onFile, onD1] = [
      openLocal(),
      (await miniflareReadersDatabase()) as { db: ReadersDatabase; close(): Promise<void> },
    ];
    try {
      await seedReaders(onFile, base);
      await seedReaders(onD1.db, base);
      const fromFile = await readersReport(databaseRunner(onFile), period);
      const fromD1 = await readersReport(databaseRunner(onD1.db), period);
      expect(fromFile).toEqual(fromD1);
      expect(fromFile.totals).toEqual({ requests: 13, agentRequests: 12, browserRequests: 1, readers: 6 });
      expect(fromFile.access).toEqual({
        paymentRequired: 1,
        keyedReads: 1,
        x402Payments: 2,
        mppPayments: 0,
        revenue: [
          {
            rail: 'x402',
            x402Version: 2,
            currency: 'USDC',
            amount: '98765432109876553210',
            payments: 2,
            network: 'eip155:8453',
            asset: baseUsdc,
          },
        ],
        revenueByResource: [
          {
            slug: 'premium-guide',
            currency: 'USDC',
            amount: '98765432109876553210',
            payments: 2,
            network: 'eip155:8453',
            asset: baseUsdc,
          },
        ],
      });
      expect(fromFile.payments.map((row) => [row.at, row.amount, row.transaction, row.channel])).toEqual([
        ['2026-03-02T09:00:00.000Z', '98765432109876543210', `0x${'ab'.repeat(32)}`, 'http'],
        ['2026-03-02T10:00:00.000Z', '10000', hostileTransaction, 'mcp'],
      ]);
      expect(fromFile.tools).toEqual([
        { tool: 'search_resources', calls: 2 },
        { tool: 'get_resource', calls: 1 },
      ]);
      expect(fromFile.zeroResultSearches.map((search) => [search.query, search.searches])).toEqual([
        ['vector databases', 2],
        [expect.stringContaining('DROP TABLE'), 1],
      ]);
      expect(fromFile.agents.find((agent) => agent.agent === 'ClaudeBot' && agent.verified)).toMatchObject({
        requests: 2,
        readers: 1,
      });
      expect(fromFile.feedback).toEqual([
        {
          page: '/resources/getting-started',
          helpful: 1,
          notHelpful: 1,
          averageScore: 3.67,
          count: 3,
          comments: [expect.stringContaining('DROP TABLE'), 'Clear and short.'],
        },
      ]);
    } finally {
      await onD1.close();
    }
  });

  it('loses none of 1,000 concurrent inserts, grouped into few commits', async () => {
    const db = openLocal();
    const started = performance.now();
    await Promise.all(Array.from({ length: 1000 }, (_, n) => recordEvent(db, readerEvent(base, 0, { status: n }))));
    const elapsed = performance.now() - started;
    console.log(`1,000 concurrent recordEvent calls on the local file: ${elapsed.toFixed(0)} ms`);
    expect(await count(db, 'reader_events')).toBe(1000);
    // One commit each costs 15 ms here (16 s for the thousand); grouped, they take about 150 ms.
    expect(elapsed).toBeLessThan(2000);
  });

  it('stores exactly the per-reader limit of feedback sent all at once', async () => {
    for (const db of [local, d1.db]) {
      const stored = await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          recordFeedback(db, readerFeedback(base, 0, { reader: 'r-flood', comment: `${n}` }), {
            perReaderLimit: 5,
            windowMs: 3_600_000,
          }),
        ),
      );
      expect(stored.filter(Boolean)).toHaveLength(5);
      expect(
        (await db.prepare("SELECT count(*) AS n FROM reader_feedback WHERE reader = 'r-flood'").first<{ n: number }>())!
          .n,
      ).toBe(5);
      // Another reader has a limit of its own; the window moves on.
      expect(
        await recordFeedback(db, readerFeedback(base, 0, { reader: 'r-other' }), {
          perReaderLimit: 5,
          windowMs: 3_600_000,
        }),
      ).toBe(true);
      expect(
        await recordFeedback(db, readerFeedback(base, 2, { reader: 'r-flood' }), {
          perReaderLimit: 5,
          windowMs: 3_600_000,
        }),
      ).toBe(true);
    }
  });

  it('stores a value written as SQL as data', async () => {
    for (const db of [local, d1.db]) {
      await recordEvent(
        db,
        readerEvent(base, 0, { path: injection, userAgent: injection, query: injection, agent: injection }),
      );
      await recordFeedback(db, readerFeedback(base, 0, { reader: injection, page: injection, comment: injection }), {
        perReaderLimit: 1,
        windowMs: 1,
      });
      const row = await db
        .prepare('SELECT path, user_agent, query, agent FROM reader_events WHERE path = ?')
        .bind(injection)
        .first();
      expect(row).toEqual({ path: injection, user_agent: injection, query: injection, agent: injection });
      expect(await db.prepare('SELECT comment FROM reader_feedback WHERE page = ?').bind(injection).first()).toEqual({
        comment: injection,
      });
    }
  });

  it('keeps payments in the ledger as data, found by payer in any letter case, past the readers retention', async () => {
    for (const db of [local, d1.db]) {
      const old = Date.parse('2025-01-01T00:00:00Z');
      await recordPayment(
        db,
        payment(old, 0, {
          slug: injection,
          transaction: injection,
          payer: '0xAbC0000000000000000000000000000000000def',
        }),
      );
      await pruneReaders(db, { before: Date.parse('2026-01-01T00:00:00Z') });
      const row = await db
        .prepare('SELECT slug, transaction_id, amount, day FROM payments WHERE payer = ? AND slug = ?')
        .bind('0xabc0000000000000000000000000000000000DEF', injection)
        .first();
      expect(row).toEqual({ slug: injection, transaction_id: injection, amount: '10000', day: '2025-01-01' });
      const plan = (
        await db
          .prepare('EXPLAIN QUERY PLAN SELECT 1 FROM payments WHERE payer = ? AND slug = ?')
          .bind('0xabc', 'x')
          .all<{ detail: string }>()
      ).results;
      expect(plan.map((step) => step.detail).join('\n')).toContain('payments_payer_slug');
    }
  });

  it('agrees on one salt a day when isolates start the day at once, and prunes what retention and unlinking ask', async () => {
    for (const db of [local, d1.db]) {
      const salts = await Promise.all(['a', 'b', 'c', 'd'].map((fresh) => saltForDay(db, '2026-03-05', fresh)));
      expect(new Set(salts).size).toBe(1);
      await saltForDay(db, '2026-03-04', 'yesterday');
      await saltForDay(db, '2026-03-03', 'older');
      await recordEvent(db, readerEvent(Date.parse('2025-01-01T00:00:00Z'), 0, { path: '/old' }));
      await recordFeedback(db, readerFeedback(Date.parse('2025-01-01T00:00:00Z'), 0, { page: '/old' }), {
        perReaderLimit: 9,
        windowMs: 1,
      });
      await pruneReaders(db, { before: Date.parse('2026-01-01T00:00:00Z'), now: Date.parse('2026-03-05T12:00:00Z') });
      const days = (await db.prepare('SELECT day FROM reader_salts ORDER BY day').all<{ day: string }>()).results;
      expect(days.map((row) => row.day)).toEqual(['2026-03-04', '2026-03-05']);
      expect(await db.prepare("SELECT 1 FROM reader_events WHERE path = '/old'").first()).toBeNull();
      expect(await db.prepare("SELECT 1 FROM reader_feedback WHERE page = '/old'").first()).toBeNull();
    }
  });

  it('hashes a reader per day salt, never keeping the address', async () => {
    const hash = await readerHash('salt-1', '203.0.113.9', 'GPTBot/1.2');
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(await readerHash('salt-1', '203.0.113.9', 'GPTBot/1.2')).toBe(hash);
    expect(await readerHash('salt-2', '203.0.113.9', 'GPTBot/1.2')).not.toBe(hash);
    expect(await readerHash('salt-1', '203.0.113.10', 'GPTBot/1.2')).not.toBe(hash);
  });
});

describe('the local readers file', () => {
  it('records its migrations where wrangler does, and applies each once', async () => {
    const file = path.join(tempDir(), 'readers.sqlite');
    const first = openReadersDatabase(file);
    await recordEvent(first, readerEvent(base, 0));
    await first.close();
    const again = openLocal(file);
    const columns = (await again.prepare('PRAGMA table_info(d1_migrations)').all<{ name: string }>()).results;
    expect(columns.map((column) => column.name)).toEqual(['id', 'name', 'applied_at']);
    expect((await again.prepare('SELECT name FROM d1_migrations').all()).results).toEqual([
      { name: '0001_agent_readers.sql' },
      { name: '0002_payments.sql' },
      { name: '0003_payment_transfer_method.sql' },
      { name: '0004_reaccess.sql' },
    ]);
    expect(await count(again, 'reader_events')).toBe(1);
  });

  it('adds the payments ledger to a file made before it, keeping what the file holds', async () => {
    const file = path.join(tempDir(), 'readers.sqlite');
    const before = tempDir();
    fs.copyFileSync(
      path.join(repoRoot, 'migrations', '0001_agent_readers.sql'),
      path.join(before, '0001_agent_readers.sql'),
    );
    const older = openReadersDatabase(file, before);
    await recordEvent(older, readerEvent(base, 0));
    await expect(recordPayment(older, payment(base, 0))).rejects.toThrow(/no such table: payments/);
    await older.close();
    const upgraded = openLocal(file);
    await recordPayment(upgraded, payment(base, 1));
    expect(await count(upgraded, 'reader_events')).toBe(1);
    expect(await count(upgraded, 'payments')).toBe(1);
  });

  it('makes the file again, migrated, when it was deleted while open', async () => {
    const folder = tempDir();
    const file = path.join(folder, '.agentdir', 'readers.sqlite');
    const db = openLocal(file);
    await recordEvent(db, readerEvent(base, 0));
    fs.rmSync(path.join(folder, '.agentdir'), { recursive: true });
    await recordEvent(db, readerEvent(base, 1));
    expect(fs.existsSync(file)).toBe(true);
    expect(await count(db, 'reader_events')).toBe(1);
    const reopened = openLocal(file);
    expect(await count(reopened, 'reader_events')).toBe(1);
  });

  it('rejects a write it cannot make, without throwing or stopping the process', async () => {
    const blocker = path.join(tempDir(), 'not-a-folder');
    fs.writeFileSync(blocker, '');
    const db = openLocal(path.join(blocker, 'readers.sqlite'));
    let sent: Promise<void> | undefined;
    expect(() => {
      sent = recordEvent(db, readerEvent(base, 0));
    }).not.toThrow();
    await expect(sent).rejects.toThrow();
    // And keeps answering once the cause is gone.
    fs.rmSync(blocker);
    await expect(recordEvent(db, readerEvent(base, 0))).resolves.toBeUndefined();
  });

  it('undoes a whole batch when one of its statements fails', async () => {
    const db = openLocal();
    await expect(
      db.batch([
        db.prepare("INSERT INTO reader_salts (day, salt) VALUES ('2026-03-01', 'x')"),
        db.prepare('INSERT INTO no_such_table VALUES (1)'),
      ]),
    ).rejects.toThrow(/no_such_table/);
    expect(await count(db, 'reader_salts')).toBe(0);
  });
});
