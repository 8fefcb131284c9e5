import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ReadersReport } from '../../src/analytics/report.js';
import {
  agentdir,
  type CommandResult,
  type LongRunning,
  startWranglerDev,
  succeed,
  wrangler,
  wranglerBin,
} from '../helpers/consumer.js';

// The readers database as Cloudflare runs it, with the wrangler users deploy with: the migration
// the build ships creates D1's tables (`wrangler d1 migrations apply`), `wrangler dev` records into
// them, and `wrangler d1 execute` and `agentdir analytics --wrangler-local` read the rows back.
const project = inject('project');
const servers: LongRunning[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

type Row = Record<string, unknown>;

const userAgents = {
  gptBot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  claudeBot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  chrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  mcpClient: 'research-agent/0.3',
};
const emptySearch = 'zebra quasar marmalade';
const hostileComment = '<script>alert(1)</script> =HYPERLINK("x") missing the pricing table';

// The user's deploy folder: wrangler installed beside the builds, as `npm install --save-dev
// wrangler` leaves it, so `npx wrangler` (what agentdir runs) finds it and the config's $schema resolves.
const deploy = path.join(project, 'readers-deploy');
const builds = {} as Record<'worker-routes' | 'every-request' | 'off', string>;

beforeAll(async () => {
  const modules = path.join(deploy, 'node_modules');
  fs.mkdirSync(path.join(modules, '.bin'), { recursive: true });
  fs.symlinkSync(path.dirname(path.dirname(wranglerBin)), path.join(modules, 'wrangler'), 'dir');
  fs.symlinkSync(path.join('..', 'wrangler', 'bin', 'wrangler.js'), path.join(modules, '.bin', 'wrangler'));

  const site = path.join(deploy, 'site');
  await succeed(agentdir(project, ['new', site, '--name', 'Readers docs', '--url', 'https://docs.example.com']), 'new');
  const analytics: Record<keyof typeof builds, string> = {
    // The scaffold says nothing: the default records the worker's routes and takes feedback.
    'worker-routes': '',
    'every-request': 'analytics:\n  record: every-request\n',
    // Nothing recorded, no feedback, no re-access (which reads the payments ledger): no database.
    off: 'analytics:\n  record: off\n  feedback: false\nx402:\n  reaccess_days: 0\n',
  };
  for (const [record, yaml] of Object.entries(analytics) as [keyof typeof builds, string][]) {
    const content = path.join(deploy, `site-${record}`);
    fs.cpSync(site, content, { recursive: true });
    fs.appendFileSync(path.join(content, 'site.yaml'), yaml);
    builds[record] = path.join(deploy, `dist-${record}`);
    await succeed(agentdir(project, ['build', content, '--out', builds[record], '--quiet']), `build ${record}`);
  }
});

/** The generated wrangler.jsonc, without its comment line. */
function wranglerConfig(dist: string): { assets: { run_worker_first: string[] }; d1_databases?: unknown[] } {
  const text = fs.readFileSync(path.join(dist, 'wrangler.jsonc'), 'utf8');
  return JSON.parse(text.replace(/^\/\/.*\n/, ''));
}

/** One SQL command (statements separated by `;`) on the local D1 copy: each statement's rows. */
async function localRows(dist: string, sql: string): Promise<Row[][]> {
  const result = await succeed(
    wrangler(dist, ['d1', 'execute', 'AGENTDIR_DB', '--local', '--json', '--command', sql], { timeout: 60_000 }),
    'wrangler d1 execute --local',
  );
  return (JSON.parse(result.stdout) as { results: Row[] }[]).map((statement) => statement.results);
}

/**
 * Waits, within a bound, until `wrangler dev` has written what it answered: rows are written after
 * the answer (`waitUntil`), so the last answer can come back before its row is in.
 */
async function untilRecorded(dist: string, events: number, feedback: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const counts = await wrangler(dist, [
      'd1',
      'execute',
      'AGENTDIR_DB',
      '--local',
      '--json',
      '--command',
      'SELECT count(*) AS n FROM reader_events; SELECT count(*) AS n FROM reader_feedback',
    ]);
    if (counts.code === 0) {
      const [e, f] = (JSON.parse(counts.stdout) as { results: [{ n: number }] }[]).map((s) => s.results[0].n);
      if (e! >= events && f! >= feedback) return;
    }
    if (Date.now() > deadline)
      throw new Error(`wrangler dev recorded too few rows in 30 s:\n${counts.stdout}\n${counts.stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function applyMigrations(dist: string): Promise<CommandResult> {
  return wrangler(dist, ['d1', 'migrations', 'apply', 'AGENTDIR_DB', '--local'], { timeout: 60_000 });
}

describe('wrangler deploy --dry-run with the readers database', () => {
  it('binds AGENTDIR_DB when the worker records its routes', async () => {
    expect(wranglerConfig(builds['worker-routes']).d1_databases).toHaveLength(1);
    const result = await wrangler(builds['worker-routes'], ['deploy', '--dry-run']);
    expect(result.stderr + result.stdout).not.toContain('ERROR');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/env\.AGENTDIR_DB \(readers-docs-readers\)\s+D1 Database/);
  });

  it('runs the worker first on every path with record: every-request', async () => {
    expect(wranglerConfig(builds['every-request']).assets.run_worker_first).toEqual(['/*']);
    const result = await wrangler(builds['every-request'], ['deploy', '--dry-run']);
    expect(result.stderr + result.stdout).not.toContain('ERROR');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('env.AGENTDIR_DB');
  });

  it('deploys without a database or migrations with record: off, feedback: false and reaccess_days: 0', async () => {
    expect(wranglerConfig(builds.off).d1_databases).toBeUndefined();
    expect(fs.existsSync(path.join(builds.off, 'migrations'))).toBe(false);
    const result = await wrangler(builds.off, ['deploy', '--dry-run']);
    expect(result.stderr + result.stdout).not.toContain('ERROR');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('--dry-run: exiting now.');
    expect(result.stdout).not.toContain('AGENTDIR_DB');
  });
});

describe('wrangler dev records readers into the local D1 database', () => {
  const dist = () => builds['worker-routes'];
  const seen: {
    beforeMigrations?: CommandResult;
    migrations?: CommandResult;
    statuses: Record<string, number>;
    events: Row[];
    feedback: Row[];
    report?: CommandResult;
  } = { statuses: {}, events: [], feedback: [] };

  beforeAll(async () => {
    seen.beforeMigrations = await agentdir(project, ['analytics', '--wrangler-local', '--dist', dist()]);
    seen.migrations = await applyMigrations(dist());
    const dev = await startWranglerDev(dist());
    servers.push(dev);
    const ask = async (name: string, pathname: string, init: RequestInit) => {
      const response = await fetch(new URL(pathname, dev.url), init);
      await response.arrayBuffer();
      seen.statuses[name] = response.status;
    };
    await ask('GPTBot reads premium Markdown', '/resources/field-guide.md', {
      headers: { 'User-Agent': userAgents.gptBot },
    });
    await ask('a browser opens a premium page', '/resources/field-guide', {
      headers: {
        'User-Agent': userAgents.chrome,
        Accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
        'Sec-Fetch-Mode': 'navigate',
        'Sec-Fetch-Dest': 'document',
      },
    });
    await ask('an MCP search finds nothing', '/mcp', {
      method: 'POST',
      headers: {
        'User-Agent': userAgents.mcpClient,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search', arguments: { query: emptySearch } },
      }),
    });
    await ask('an agent posts feedback', '/api/feedback', {
      method: 'POST',
      headers: { 'User-Agent': userAgents.mcpClient, 'Content-Type': 'application/json' },
      body: JSON.stringify({ page: '/resources/field-guide', rating: 'not-helpful', comment: hostileComment }),
    });
    await untilRecorded(dist(), 4, 1);
    await dev.close();

    [seen.events, seen.feedback] = (await localRows(
      dist(),
      'SELECT * FROM reader_events ORDER BY path; SELECT * FROM reader_feedback',
    )) as [Row[], Row[]];
    seen.report = await agentdir(project, [
      'analytics',
      '--wrangler-local',
      '--dist',
      dist(),
      '--since',
      '1d',
      '--format',
      'json',
    ]);
  });

  it('says to apply the migration when the tables do not exist yet', () => {
    expect(seen.beforeMigrations!.code).toBe(1);
    expect(seen.beforeMigrations!.stderr).toContain('npx wrangler d1 migrations apply AGENTDIR_DB --local');
    expect(seen.beforeMigrations!.stderr).not.toMatch(/\n\s+at /);
  });

  it('applies the migrations the build ships, the readers tables and the payments ledger', () => {
    expect(seen.migrations!.code, seen.migrations!.stderr).toBe(0);
    expect(seen.migrations!.stdout).toMatch(/0001_agent_readers\.sql\s*│\s*✅/);
    expect(seen.migrations!.stdout).toMatch(/0002_payments\.sql\s*│\s*✅/);
  });

  it('answers every request as it would without recording', () => {
    expect(seen.statuses).toEqual({
      'GPTBot reads premium Markdown': 402,
      'a browser opens a premium page': 402,
      'an MCP search finds nothing': 200,
      'an agent posts feedback': 201,
    });
  });

  it('records who read what, in which format, with what outcome', () => {
    const fields = ['agent', 'operator', 'kind', 'verified', 'method', 'path', 'format', 'status', 'access'];
    const picked = seen.events.map((row) => Object.fromEntries(fields.map((field) => [field, row[field]])));
    expect(picked).toEqual([
      {
        agent: 'Unidentified agent',
        operator: null,
        kind: 'unknown',
        verified: 0,
        method: 'POST',
        path: '/api/feedback',
        format: 'json',
        status: 201,
        access: 'free',
      },
      {
        agent: 'Unidentified agent',
        operator: null,
        kind: 'unknown',
        verified: 0,
        method: 'POST',
        path: '/mcp',
        format: 'mcp',
        status: 200,
        access: 'free',
      },
      {
        agent: 'Browser',
        operator: null,
        kind: 'browser',
        verified: 0,
        method: 'GET',
        path: '/resources/field-guide',
        format: 'html',
        status: 402,
        access: 'payment-required',
      },
      {
        agent: 'GPTBot',
        operator: 'openai.com',
        kind: 'ai-agent',
        verified: 0,
        method: 'GET',
        path: '/resources/field-guide.md',
        format: 'markdown',
        status: 402,
        access: 'payment-required',
      },
    ]);
  });

  it('records the MCP search that found nothing, with its query and zero results', () => {
    const search = seen.events.find((row) => row.path === '/mcp')!;
    expect(search).toMatchObject({ mcp_method: 'tools/call', tool: 'search', query: emptySearch, results: 0 });
  });

  it('keeps a daily reader hash and never the address', () => {
    for (const row of seen.events) expect(row.reader).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify([seen.events, seen.feedback])).not.toMatch(/127\.0\.0\.1|::1|::ffff:/);
  });

  it('stores the feedback as it was posted', () => {
    expect(seen.feedback).toEqual([
      expect.objectContaining({
        page: '/resources/field-guide',
        rating: 'not-helpful',
        score: null,
        comment: hostileComment,
        user_agent: userAgents.mcpClient,
      }),
    ]);
  });

  it('reports the same readers through agentdir analytics --wrangler-local', () => {
    expect(seen.report!.stderr).toContain('wrangler d1 execute AGENTDIR_DB --local');
    expect(seen.report!.code, seen.report!.stderr).toBe(0);
    const report = JSON.parse(seen.report!.stdout) as ReadersReport;
    expect(report.totals).toMatchObject({ requests: 4, browserRequests: 1 });
    expect(report.agents.map(({ agent, kind, requests }) => ({ agent, kind, requests }))).toEqual(
      expect.arrayContaining([
        { agent: 'GPTBot', kind: 'ai-agent', requests: 1 },
        { agent: 'Browser', kind: 'browser', requests: 1 },
        { agent: 'Unidentified agent', kind: 'unknown', requests: 2 },
      ]),
    );
    expect(report.zeroResultSearches).toEqual([expect.objectContaining({ query: emptySearch, searches: 1 })]);
    expect(report.tools).toEqual([{ tool: 'search', calls: 1 }]);
    expect(report.access.paymentRequired).toBe(2);
    expect(report.feedback).toEqual([
      expect.objectContaining({ page: '/resources/field-guide', notHelpful: 1, comments: [hostileComment] }),
    ]);
  });
});

describe('wrangler dev with record: every-request', () => {
  const dist = () => builds['every-request'];
  let answer: { status: number; body: Buffer } | undefined;
  let events: Row[] = [];

  beforeAll(async () => {
    await succeed(applyMigrations(dist()), 'wrangler d1 migrations apply --local');
    const dev = await startWranglerDev(dist());
    servers.push(dev);
    const response = await fetch(new URL('/llms.txt', dev.url), { headers: { 'User-Agent': userAgents.claudeBot } });
    answer = { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
    await untilRecorded(dist(), 1, 0);
    await dev.close();
    [events] = (await localRows(
      dist(),
      'SELECT agent, kind, method, path, format, status, access FROM reader_events',
    )) as [Row[]];
  });

  it('answers a static file with its bytes', () => {
    expect(answer!.status).toBe(200);
    expect(answer!.body.equals(fs.readFileSync(path.join(dist(), 'public', 'llms.txt')))).toBe(true);
  });

  it('records the read of the static file', () => {
    expect(events).toEqual([
      {
        agent: 'ClaudeBot',
        kind: 'ai-agent',
        method: 'GET',
        path: '/llms.txt',
        format: 'llms-txt',
        status: 200,
        access: 'free',
      },
    ]);
  });
});
