import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseRunner, readersReport } from '../src/analytics/report-queries.js';
import type { ReadersReport } from '../src/analytics/report.js';
import type { ReaderKind } from '../src/shared/readers/reader-event.js';
import { openReadersDatabase } from '../src/serve/readers-database.js';
import type { ReadersDatabase } from '../src/shared/readers/database.js';
import { tempDir } from './helpers/fixtures.js';
import {
  helpfulComment,
  hostileText,
  ledgerRows,
  type ReplayReceipt,
  recordedStatuses,
  replayReaders,
  readerRowCounts,
  replayServices,
  settled,
  unhelpfulComment,
  zeroResultQuery,
} from './helpers/readers-replay.js';
import { runCli } from './helpers/run-cli.js';
import { startServe, startWorkerd } from './helpers/runtimes.js';

const day = 86_400_000;
/** USDC on Base Sepolia, the replay's network. */
const asset = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';

let services: Awaited<ReturnType<typeof replayServices>>;
const readersFile = path.join(tempDir('agentdir-replay-'), 'readers.sqlite');
const reports: Record<string, ReadersReport> = {};
const statuses: Record<string, Record<string, number>> = {};
/** The user agents stored for the hostile reader's requests, on each runtime. */
const hostileAgents: Record<string, string[]> = {};
/** The payments ledger of each runtime, and the receipts its buyer was given. */
const ledgers: Record<string, Record<string, unknown>[]> = {};
const receipts: Record<string, ReplayReceipt[]> = {};

// Every control character but the line feed that ends a line of output, and bidirectional overrides.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const unsafeForTerminal = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const hostileRows = async (db: ReadersDatabase) =>
  (
    await db
      .prepare('SELECT user_agent FROM reader_events WHERE user_agent LIKE ? ORDER BY id')
      .bind('%Evil/1.0%')
      .all<{ user_agent: string }>()
  ).results.map((row) => row.user_agent);

beforeAll(async () => {
  services = await replayServices();
  const { site, env, context } = services;

  // serve: replayed, then stopped, so every event is written before the CLI reads the file.
  const serve = await startServe(site.dist, site.keysFile, { ...env, AGENTDIR_READERS_DATABASE: readersFile });
  try {
    statuses.serve = await replayReaders(serve, context);
    receipts.serve = context.receipts.splice(0);
  } finally {
    await serve.close();
  }
  const cli = runCli(tempDir(), ['analytics', '--format', 'json', '--since', '1d', '--database', readersFile]);
  expect(cli.stderr).toBe('');
  reports.serve = JSON.parse(cli.stdout) as ReadersReport;
  const file = openReadersDatabase(readersFile);
  const served = await readerRowCounts(file);
  hostileAgents.serve = await hostileRows(file);
  ledgers.serve = await ledgerRows(file);
  await file.close();

  // workerd: the same readers, into a Miniflare D1 database read with the same queries.
  const workerd = await startWorkerd(site.dist, { ...env, AGENTDIR_KEYS: site.secret() }, 0, {
    readersDatabase: 'd1',
    clientAddress: '203.0.113.7',
  });
  try {
    statuses.workerd = await replayReaders(workerd, context);
    receipts.workerd = context.receipts.splice(0);
    const db = workerd.readers!;
    // Recorded after each answer (waitUntil): read once every row serve wrote is in.
    await settled(() => readerRowCounts(db), served);
    hostileAgents.workerd = await hostileRows(db);
    ledgers.workerd = await ledgerRows(db);
    const now = Date.now();
    reports.workerd = await readersReport(databaseRunner(db), {
      since: new Date(now - day).toISOString(),
      until: new Date(now).toISOString(),
    });
  } finally {
    await workerd.close();
  }
}, 180_000);

afterAll(() => services?.close());

/** The report of the replay: every request of readers-replay.ts counted where it belongs. */
function expectedReport(): Omit<ReadersReport, 'period'> {
  const today = new Date().toISOString().slice(0, 10);
  const agent = (name: string, operator: string | null, kind: ReaderKind, requests: number, readers = 1) => ({
    agent: name,
    operator,
    kind,
    verified: false,
    requests,
    readers,
  });
  const row = <K extends string>(key: K, name: string, requests: number, agentRequests = requests) =>
    ({ [key]: name, requests, agentRequests }) as Record<K, string> & { requests: number; agentRequests: number };
  return {
    // 24 requests: 20 steps, and the 402 (or unpaid tool call) each payer reads before it pays.
    totals: { requests: 24, agentRequests: 23, browserRequests: 1, readers: 8 },
    agents: [
      // The forgery, the buyer's eight requests and the hostile reader's two.
      agent('Unidentified agent', null, 'unknown', 11, 3),
      agent('ChatGPT-User', 'openai.com', 'ai-agent', 3),
      agent('ClaudeBot', 'anthropic.com', 'ai-agent', 3),
      agent('GPTBot', 'openai.com', 'ai-agent', 3),
      agent('PerplexityBot', 'perplexity.ai', 'ai-agent', 2),
      // The verified signer, named by its directory's host since the list does not know its user agent.
      { ...agent('127.0.0.1', '127.0.0.1', 'ai-agent', 1), verified: true },
      agent('Browser', null, 'browser', 1),
    ],
    formats: [
      row('format', 'json', 9),
      row('format', 'markdown', 7),
      row('format', 'mcp', 6),
      row('format', 'html', 1, 0),
      row('format', 'llms-txt', 1),
    ],
    pages: [
      row('path', '/api/x402/data-formats', 6),
      row('path', '/mcp', 6),
      row('path', '/api/feedback', 4),
      row('path', '/resources/data-formats.md', 2),
      row('path', '/resources/wire-formats.md', 2),
      row('path', '/api/resources/getting-started.json', 1),
      row('path', '/llms.txt', 1),
      row('path', '/resources/getting-started', 1, 0),
      row('path', '/resources/getting-started.md', 1),
    ],
    tools: [
      { tool: 'search_resources', calls: 3 },
      { tool: 'get_resource', calls: 2 },
    ],
    zeroResultSearches: [
      { query: hostileText, searches: 1, last: expect.any(String) },
      { query: zeroResultQuery, searches: 1, last: expect.any(String) },
    ],
    access: {
      // The keyless read, the 402 (or unpaid call) each payer read first, and the forged payment.
      paymentRequired: 6,
      keyedReads: 1,
      x402Payments: 3,
      mppPayments: 0,
      // From the ledger: the forged payment settled nothing.
      revenue: [
        {
          rail: 'x402',
          x402Version: 2,
          currency: 'USDC',
          amount: '100000',
          payments: 2,
          network: 'eip155:84532',
          asset,
        },
        {
          rail: 'x402',
          x402Version: 1,
          currency: 'USDC',
          amount: '50000',
          payments: 1,
          network: 'base-sepolia',
          asset,
        },
      ],
      revenueByResource: [
        { slug: 'data-formats', currency: 'USDC', amount: '100000', payments: 2, network: 'eip155:84532', asset },
        { slug: 'data-formats', currency: 'USDC', amount: '50000', payments: 1, network: 'base-sepolia', asset },
      ],
    },
    payments: ['http', 'http', 'mcp'].map((channel, n) => ({
      at: expect.any(String),
      rail: 'x402',
      x402Version: n === 0 ? 1 : 2,
      scheme: 'exact',
      network: n === 0 ? 'base-sepolia' : 'eip155:84532',
      asset,
      amount: '50000',
      payer: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      slug: 'data-formats',
      transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      channel,
    })),
    feedback: [
      {
        page: '/resources/getting-started',
        helpful: 1,
        notHelpful: 2,
        averageScore: 2,
        count: 3,
        comments: [hostileText, unhelpfulComment, helpfulComment],
      },
      { page: '/resources/wire-formats', helpful: 1, notHelpful: 0, averageScore: 4, count: 1, comments: [] },
    ],
    daily: [
      { day: today, kind: 'ai-agent', requests: 12 },
      { day: today, kind: 'browser', requests: 1 },
      { day: today, kind: 'unknown', requests: 11 },
    ],
  };
}

/** A report without what differs from run to run: its period, the instants of the searches, who paid and how. */
const comparable = ({ period: _period, ...report }: ReadersReport) => ({
  ...report,
  zeroResultSearches: report.zeroResultSearches.map(({ last: _last, ...search }) => search),
  payments: report.payments.map(({ at: _at, payer: _payer, transaction: _transaction, ...payment }) => payment),
});

describe.each(['serve', 'workerd'])('readers replayed on %s', (name) => {
  it('answers every request as it would without recording', () => {
    expect(statuses[name]).toEqual(recordedStatuses);
  });

  it('reports agents, formats, tools, empty searches, the access funnel and feedback exactly', () => {
    const { period, ...report } = reports[name]!;
    expect(report).toEqual(expectedReport());
    expect(Date.parse(period.until) - Date.parse(period.since)).toBe(day);
  });

  it('keeps each settled payment in the ledger as its receipt tells it, and none for the forged one', () => {
    const buyer = services.context.buyer.address;
    const today = new Date().toISOString().slice(0, 10);
    expect(receipts[name]!.map((receipt) => [receipt.version, receipt.channel, receipt.payer])).toEqual([
      [1, 'http', buyer],
      [2, 'http', buyer],
      [2, 'mcp', buyer],
    ]);
    expect(ledgers[name]).toEqual(
      receipts[name]!.map((receipt) => ({
        rail: 'x402',
        x402Version: receipt.version,
        scheme: 'exact',
        transferMethod: 'eip3009',
        network: receipt.version === 1 ? 'base-sepolia' : 'eip155:84532',
        asset,
        amount: '50000',
        payer: buyer,
        slug: 'data-formats',
        transaction: receipt.transaction,
        channel: receipt.channel,
        day: today,
      })),
    );
    // The report lists the same payments, with the same transactions.
    expect(reports[name]!.payments.map((payment) => [payment.payer, payment.transaction])).toEqual(
      receipts[name]!.map((receipt) => [buyer, receipt.transaction]),
    );
  });

  it('stores a hostile user agent as data', () => {
    // Its C1 bytes arrive as the runtime decodes them (serve as Latin-1, workerd as U+FFFD): stored all the same.
    expect(hostileAgents[name]).toEqual([
      expect.stringMatching(/^\S+2J\S+31mEvil\/1\.0 =cmd\|calc$/),
      expect.stringMatching(/^\S+2J\S+31mEvil\/1\.0 =cmd\|calc$/),
    ]);
  });
});

describe('the same readers on both runtimes', () => {
  it('make the same report', () => {
    expect(comparable(reports.workerd!)).toEqual(comparable(reports.serve!));
  });
});

describe('a hostile reader in the terminal', () => {
  it('comes back escaped in the table, with nothing that moves the cursor or reorders text', () => {
    const run = runCli(tempDir(), ['analytics', '--since', '1d', '--database', readersFile]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(unsafeForTerminal);
    expect(run.stdout).toContain('\\u009b31m\\u202e=HYPERLINK("http://x")\\u001b[2J;\\u000d\\u000a');
  });

  it('comes back escaped in the JSON, which still reads back as what was sent', () => {
    const run = runCli(tempDir(), ['analytics', '--format', 'json', '--since', '1d', '--database', readersFile]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(unsafeForTerminal);
    const report = JSON.parse(run.stdout) as ReadersReport;
    expect(report.zeroResultSearches[0]!.query).toBe(hostileText);
    expect(report.feedback[0]!.comments[0]).toBe(hostileText);
  });
});
