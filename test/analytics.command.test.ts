import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseRunner, readersReport } from '../src/analytics/report-queries.js';
import type { ReadersReport } from '../src/analytics/report.js';
import { openReadersDatabase } from '../src/serve/readers-database.js';
import { tempDir } from './helpers/fixtures.js';
import { baseUsdc, hostileQuery, seedReaders } from './helpers/readers-seed.js';
import { runCli } from './helpers/run-cli.js';
import { stackTraceLines } from './helpers/stack-trace.js';

const day = 86_400_000;
let project = '';
let expected: ReadersReport;

/** The CLI in `cwd`, reading the default file there, .agentdir/readers.sqlite (not the test run's own). */
const runInProject = (cwd: string, args: string[]) =>
  runCli(cwd, args, { env: { AGENTDIR_READERS_DATABASE: undefined } });

// Every control character but the line feed that ends a line of output.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const controlCharacter = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

beforeAll(async () => {
  project = tempDir();
  const db = openReadersDatabase(path.join(project, '.agentdir', 'readers.sqlite'));
  // The seed's hours count from a midnight (UTC), as readers are counted per day: from any other
  // instant, a reader's two requests an hour apart could fall on two days.
  const threeDaysAgo = Date.now() - 3 * day;
  await seedReaders(db, threeDaysAgo - (threeDaysAgo % day));
  expected = await readersReport(databaseRunner(db), {
    since: new Date(Date.now() - 7 * day).toISOString(),
    until: new Date(Date.now() + day).toISOString(),
  });
  await db.close();
});

describe('agentdir analytics', () => {
  it('prints the report as JSON, the same report the queries give', () => {
    const run = runInProject(project, ['analytics', '--format', 'json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as ReadersReport;
    expect({ ...report, period: null }).toEqual({ ...expected, period: null });
    expect(Date.now() - Date.parse(report.period.since)).toBeGreaterThan(7 * day - 60_000);
    expect(report.totals.requests).toBe(13);
  });

  it('prints one table as CSV, quoted by RFC 4180, with formulas kept as text', () => {
    const searches = runInProject(project, ['analytics', '--format', 'csv', '--section', 'searches']);
    expect(searches.code).toBe(0);
    const lines = searches.stdout.split('\r\n');
    expect(lines[0]).toBe('query,searches,last');
    expect(lines[1]).toMatch(/^vector databases,2,\d{4}-/);
    // The hostile query: a formula, quotes, an escape sequence, a line break: quoted, quotes doubled,
    // an apostrophe first, the control characters written as escapes.
    const shown = hostileQuery
      .replace(/"/g, '""')
      .replaceAll('\u001b', '\\u001b')
      .replace(/\r/g, '\\u000d')
      .replace(/\n/g, '\\u000a');
    expect(searches.stdout).toContain(`"'${shown}",1,`);
    expect(searches.stdout.replace(/\r\n/g, '\n')).not.toMatch(controlCharacter);
    const agents = runInProject(project, ['analytics', '--format', 'csv']);
    expect(agents.stdout.split('\r\n')[0]).toBe('agent,operator,kind,verified,requests,readers');
    expect(agents.stdout).toContain('ClaudeBot,anthropic.com,ai-agent,verified,2,1\r\n');
  });

  it('lists each payment as CSV for accounting, and sums revenue by resource exactly, with ids kept as text', () => {
    const payments = runInProject(project, ['analytics', '--format', 'csv', '--section', 'payments']);
    expect(payments.stderr).toBe('');
    const lines = payments.stdout.split('\r\n');
    expect(lines[0]).toBe('time,rail,x402 version,network,asset,amount,payer,slug,transaction,channel');
    const payer = '0xB0B0000000000000000000000000000000000001';
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d{4}-[^,]+,x402,2,eip155:8453,${baseUsdc},98765432109876543210,${payer},premium-guide,0x(ab){32},http$`,
      ),
    );
    // The facilitator's transaction id is data: a formula in it stays text.
    expect(lines[2]).toMatch(new RegExp(`,${payer},premium-guide,"'=HYPERLINK\\(""http://x"",""paid""\\)",mcp$`));
    expect(lines).toHaveLength(4);
    const byResource = runInProject(project, ['analytics', '--format', 'csv', '--section', 'revenue-by-resource']);
    expect(byResource.stdout).toBe(
      `slug,currency,amount,payments,network,asset\r\npremium-guide,USDC,98765432109876553210,2,eip155:8453,${baseUsdc}\r\n`,
    );
  });

  it('shows readers in the terminal without letting their text move the cursor or colour the screen', () => {
    const run = runInProject(project, ['analytics']);
    expect(run.code).toBe(0);
    for (const title of ['Readers by agent', 'Formats read', 'Top pages', 'MCP tools', 'Searches with no results'])
      expect(run.stdout).toContain(title);
    expect(run.stdout).toMatch(/ClaudeBot\s+anthropic\.com\s+ai-agent\s+verified\s+2\s+1/);
    expect(run.stdout).toMatch(/x402\s+2\s+USDC\s+98765432109876553210\s+2/);
    expect(run.stdout).toMatch(/premium-guide\s+USDC\s+98765432109876553210\s+2/);
    // Payments one by one only when asked for (`--section payments`): the summary stays short.
    expect(run.stdout).not.toContain('"paid")');
    expect(run.stdout).not.toMatch(/^Payments$/m);
    expect(run.stdout).not.toMatch(controlCharacter);
    expect(run.stdout).toContain('=HYPERLINK("http://x")\\u001b[2J;\\u000d\\u000a');
  });

  it('refuses a --since it cannot read, saying what it accepts', () => {
    const run = runInProject(project, ['analytics', '--since', 'last week']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('`--since last week`');
    expect(run.stderr).toMatch(/`24h`, `7d`, `4w`/);
    expect(run.stdout).toBe('');
    expect(stackTraceLines(run.stderr)).toEqual([]);
    const period = runInProject(project, ['analytics', '--since', '2020-01-01', '--format', 'json']);
    expect(period.code).toBe(0);
    expect(JSON.parse(period.stdout).period.since).toBe('2020-01-01T00:00:00.000Z');
  });

  it('says how to get a database when there is none, in one line', () => {
    const run = runInProject(tempDir(), ['analytics']);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('No readers database at .agentdir/readers.sqlite');
    expect(run.stderr).toContain('agentdir serve');
    expect(run.stdout).toBe('');
  });

  it('says a file that is not a readers database cannot be read, without a stack trace', () => {
    const folder = tempDir();
    fs.writeFileSync(path.join(folder, 'notes.sqlite'), 'these are not the tables you are looking for\n'.repeat(200));
    const run = runInProject(folder, ['analytics', '--database', 'notes.sqlite']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('notes.sqlite cannot be read as a readers database');
    expect(stackTraceLines(run.stderr)).toEqual([]);
  });
});
