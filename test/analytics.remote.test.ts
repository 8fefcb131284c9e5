import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseRunner, readersReport } from '../src/analytics/report-queries.js';
import { WranglerError, wranglerRunner, type WranglerCommand } from '../src/analytics/wrangler-runner.js';
import type { ReadersDatabase } from '../src/shared/readers/database.js';
import { consumerEnv, consumerTools, runCommand } from './helpers/consumer.js';
import { repoRoot, tempDir } from './helpers/fixtures.js';
import { seedReaders } from './helpers/readers-seed.js';
import { openReadersDatabase, type LocalReadersDatabase } from '../src/serve/readers-database.js';

// `agentdir analytics --remote` runs `wrangler d1 execute AGENTDIR_DB --remote --json`. The same
// path runs here against wrangler's local copy of the database (`--local`), with the wrangler the
// consumer tests pin (it needs Node 22; consumer/ installs it with `npm ci`).
const node =
  Number(process.versions.node.split('.')[0]) >= 22
    ? process.execPath
    : path.join(consumerTools, 'node-22', 'bin', 'node');
const wranglerScript = path.join(consumerTools, 'wrangler', 'bin', 'wrangler.js');
const available = fs.existsSync(node) && fs.existsSync(wranglerScript);
if (!available) console.warn('Skipping test/analytics.remote.test.ts: run `npm ci` in consumer/ to install wrangler.');

const databaseId = '4a3f0e1c-0000-4000-8000-00000000d1d1';
const base = Date.parse('2026-03-02T00:00:00Z');
const period = { since: '2026-03-01T00:00:00.000Z', until: '2026-03-09T00:00:00.000Z' };
let project = '';
let wrangler: WranglerCommand;
let local: LocalReadersDatabase;

beforeAll(async () => {
  if (!available) return;
  project = tempDir();
  local = openReadersDatabase(path.join(project, 'local.sqlite'));
  fs.cpSync(path.join(repoRoot, 'migrations'), path.join(project, 'migrations'), { recursive: true });
  fs.writeFileSync(path.join(project, 'worker.js'), 'export default { fetch: () => new Response(null) };\n');
  fs.writeFileSync(
    path.join(project, 'wrangler.jsonc'),
    JSON.stringify({
      name: 'readers',
      main: 'worker.js',
      compatibility_date: '2025-06-01',
      d1_databases: [{ binding: 'AGENTDIR_DB', database_name: 'readers', database_id: databaseId }],
    }),
  );
  wrangler = { command: node, args: [wranglerScript], cwd: project, location: '--local', env: consumerEnv() };
  const applied = await runCommand(project, node, [
    wranglerScript,
    'd1',
    'migrations',
    'apply',
    'AGENTDIR_DB',
    '--local',
  ]);
  expect(applied.code, applied.stderr).toBe(0);
  // The same rows as a local file holds, written as SQL literals by SQLite's own quote().
  await seedReaders(local, base);
  const dump = path.join(project, 'seed.sql');
  fs.writeFileSync(
    dump,
    (await Promise.all(['reader_events', 'reader_feedback', 'payments'].map((table) => insertsOf(local, table))))
      .flat()
      .join('\n'),
  );
  const seeded = await runCommand(project, node, [
    wranglerScript,
    'd1',
    'execute',
    'AGENTDIR_DB',
    '--local',
    '--file',
    dump,
  ]);
  expect(seeded.code, seeded.stderr).toBe(0);
}, 120_000);
afterAll(async () => {
  await local?.close();
});

async function insertsOf(db: ReadersDatabase, table: string): Promise<string[]> {
  const columns = (await db.prepare(`PRAGMA table_info(${table})`).all<{ name: string }>()).results.map((c) => c.name);
  const values = columns.map((column) => `quote(${column})`).join(" || ', ' || ");
  const sql = `SELECT 'INSERT INTO ${table} (${columns.join(', ')}) VALUES (' || ${values} || ');' AS line FROM ${table}`;
  return (await db.prepare(sql).all<{ line: string }>()).results.map((row) => row.line);
}

describe.skipIf(!available)('agentdir analytics through wrangler d1 execute', () => {
  it('gives the report the local file gives, with the period inlined as integers', async () => {
    const throughWrangler = await readersReport(wranglerRunner(wrangler), period);
    expect(throughWrangler).toEqual(await readersReport(databaseRunner(local), period));
    expect(throughWrangler.totals.requests).toBe(13);
  });

  it('says what wrangler said when it fails, in words to act on', async () => {
    const noBinding = tempDir();
    fs.writeFileSync(
      path.join(noBinding, 'wrangler.jsonc'),
      JSON.stringify({ name: 'x', main: 'worker.js', compatibility_date: '2025-06-01' }),
    );
    const failing = readersReport(wranglerRunner({ ...wrangler, cwd: noBinding }), period);
    await expect(failing).rejects.toBeInstanceOf(WranglerError);
    await expect(failing).rejects.toThrow(/`AGENTDIR_DB`/);
    const notLoggedIn = readersReport(
      wranglerRunner({ ...wrangler, location: '--remote', env: { ...consumerEnv(), CLOUDFLARE_API_TOKEN: '' } }),
      period,
    );
    await expect(notLoggedIn).rejects.toThrow(/not logged in to Cloudflare/);
  });

  it('says to apply the new migration when the database predates the payments ledger', async () => {
    const older = tempDir();
    for (const name of ['wrangler.jsonc', 'worker.js'])
      fs.copyFileSync(path.join(project, name), path.join(older, name));
    fs.mkdirSync(path.join(older, 'migrations'));
    fs.copyFileSync(
      path.join(repoRoot, 'migrations', '0001_agent_readers.sql'),
      path.join(older, 'migrations', '0001_agent_readers.sql'),
    );
    const applied = await runCommand(older, node, [
      wranglerScript,
      'd1',
      'migrations',
      'apply',
      'AGENTDIR_DB',
      '--local',
    ]);
    expect(applied.code, applied.stderr).toBe(0);
    const failing = readersReport(wranglerRunner({ ...wrangler, cwd: older }), period);
    await expect(failing).rejects.toThrow(/no payments ledger yet/);
    await expect(failing).rejects.toThrow('`npx wrangler d1 migrations apply AGENTDIR_DB --local`');
  }, 60_000);
});
