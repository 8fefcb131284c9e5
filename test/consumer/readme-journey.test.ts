import fs from 'node:fs';
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { agentdir, editFile, type LongRunning, runCommand, startLongRunning, succeed } from '../helpers/consumer.js';
import { publicWebEnv } from '../helpers/public-web.js';

// The README's "In your own project" journey, step by step, in the project the setup installed the
// packed tarball into. Each step builds on the one before, as it does for a user.
const project = inject('project');
const servers: LongRunning[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

const serveReady = /(http:\/\/127\.0\.0\.1:\d+\/)/;

async function serve(...args: string[]): Promise<LongRunning> {
  const server = await startLongRunning(project, 'npx', ['--no-install', 'agentdir', 'serve', ...args], serveReady);
  servers.push(server);
  return server;
}

async function get(base: string, pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(pathname, base), { headers, redirect: 'manual' });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe.sequential('the README’s journey, in a fresh `npm init -y` project with the packed tarball', () => {
  let server: LongRunning;
  let key = '';

  it('gets the compiled CLI and the worker sources from the tarball, and no test, content or dev dependency', async () => {
    const listed = await succeed(runCommand(project, 'tar', ['-tzf', inject('tarball')]), 'tar -tzf');
    const shipped = listed.stdout.split('\n').map((entry) => entry.replace(/^package\//, ''));
    expect(shipped).toContain('lib/cli/main.js');
    expect(shipped).toContain('src/worker/index.ts');
    expect(shipped.filter((file) => file.startsWith('test/') || file.startsWith('content/'))).toEqual([]);
    // Each compiled module has its source: none left in lib/ by a module since renamed or removed.
    const compiled = shipped.filter((file) => /^lib\/(?!bundle\/).*\.js$/.test(file));
    expect(compiled.length).toBeGreaterThan(100);
    const source = (file: string) => new URL(`../../${file.replace(/^lib\/(.*)\.js$/, 'src/$1.ts')}`, import.meta.url);
    expect(compiled.filter((file) => !fs.existsSync(source(file)))).toEqual([]);
    expect(fs.existsSync(path.join(project, 'node_modules', 'agentdir', 'lib', 'cli', 'main.js'))).toBe(true);
    expect(fs.existsSync(path.join(project, 'node_modules', 'vitest'))).toBe(false);
    expect(fs.existsSync(path.join(project, 'node_modules', 'miniflare'))).toBe(false);
  });

  it('is a CommonJS project, as npm init -y makes it, and agentdir prints its version', async () => {
    const packageJson = JSON.parse(fs.readFileSync(path.join(project, 'package.json'), 'utf8'));
    expect(packageJson.type).toBe('commonjs');
    // npx, and the agentdir it starts, run on the Node that runs these tests (the matrix's, say).
    expect((await runCommand(project, 'node', ['-p', 'process.version'])).stdout.trim()).toBe(process.version);
    const version = await succeed(agentdir(project, ['--version']), 'agentdir --version');
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.skipIf(!('enableCompileCache' in module))(
    'keeps the compiled code of its modules between runs, on a Node that can',
    async () => {
      const temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'agentdir-compile-cache-'));
      // The CLI's own file, not through npx: npm keeps a compile cache of its own code.
      const cli = path.join(project, 'node_modules', 'agentdir', 'bin', 'agentdir.js');
      await succeed(
        runCommand(project, 'node', [cli, '--version'], { env: { TMPDIR: temporary } }),
        'agentdir --version',
      );
      const cache = path.join(temporary, 'node-compile-cache');
      expect(fs.existsSync(cache) && fs.readdirSync(cache, { recursive: true }).length).toBeTruthy();
      fs.rmSync(temporary, { recursive: true, force: true });
    },
  );

  it('creates, validates and builds a content folder', async () => {
    await succeed(agentdir(project, ['new', 'site', '--name', 'My docs', '--url', 'https://docs.example.com']), 'new');
    expect((await succeed(agentdir(project, ['validate', 'site']), 'validate')).stdout).toBe('No problems found.\n');
    const built = await succeed(agentdir(project, ['build', 'site']), 'build');
    expect(built.stdout).toContain('Built 2 resources and 2 articles');
    expect(built.stdout).toContain('Agent readiness: 100/100 (A)');
    expect(fs.readFileSync(path.join(project, 'dist', 'public', 'llms.txt'), 'utf8')).toMatch(/^# My docs\n/);
    expect(fs.existsSync(path.join(project, 'dist', 'worker', 'worker.js'))).toBe(true);
  });

  it('serves the build: pages, JSON variants, the paywall, MCP and Markdown negotiation', async () => {
    server = await serve('--port', '0');
    const home = await get(server.url, '/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('My docs');

    const free = await get(server.url, '/api/resources/access-and-pricing.json');
    expect(free.status).toBe(200);
    expect(JSON.parse(free.text).slug).toBe('access-and-pricing');

    const paywalled = await get(server.url, '/api/resources/field-guide.json');
    expect(paywalled.status).toBe(402);
    expect(paywalled.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(paywalled.text)).toMatchObject({ error: 'payment_required', resource: 'field-guide' });

    const browser = await get(server.url, '/resources/field-guide', { Accept: 'text/html,application/xhtml+xml' });
    expect(browser.status).toBe(402);
    expect(browser.headers.get('content-type')).toMatch(/^text\/html/);
    expect(browser.text).toContain('Field guide');

    const initialize = await fetch(new URL('/mcp', server.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'consumer', version: '1' } },
      }),
    });
    expect(initialize.status).toBe(200);
    expect(await initialize.text()).toContain('"serverInfo"');

    const markdown = await get(server.url, '/resources/access-and-pricing', { Accept: 'text/markdown' });
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(markdown.text).toMatch(/^# Access and pricing/m);
  });

  it('creates, lists, revokes and exports keys, and the running server honours each change', async () => {
    const created = await succeed(
      agentdir(project, ['keys', 'create', '--tier', 'starter', '--label', 'reader']),
      'keys create',
    );
    key = created.stdout.trim().split('\n')[0]!;
    expect(key).toMatch(/^adk_/);
    const id = /Created (key_\w+)/.exec(created.stderr + created.stdout)![1]!;

    const opened = await get(server.url, '/resources/field-guide.md', { Authorization: `Bearer ${key}` });
    expect(opened.status).toBe(200);
    expect(opened.text).toContain('Replace this text with the premium content');

    const listed = await succeed(agentdir(project, ['keys', 'list']), 'keys list');
    expect(listed.stdout).toContain(id);
    expect(listed.stdout).not.toContain(key);

    const exported = await succeed(agentdir(project, ['keys', 'export']), 'keys export');
    expect(JSON.parse(exported.stdout)).toBeTruthy();
    expect(exported.stdout).not.toContain(key);

    await succeed(agentdir(project, ['keys', 'revoke', id]), 'keys revoke');
    await expect
      .poll(async () => (await get(server.url, '/resources/field-guide.md', { Authorization: `Bearer ${key}` })).status)
      .toBe(402);
  });

  it('grades the served site and the built folder', async () => {
    const served = await succeed(
      agentdir(project, ['grade', server.url, '--allow-private', '--format', 'json']),
      'grade url',
    );
    expect(
      JSON.parse(served.stdout)
        .checks.map((check: { details: string }) => check.details)
        .join('\n'),
    ).not.toMatch(/unreachable|not a function/);
    const folder = await succeed(agentdir(project, ['grade', 'dist', '--format', 'json']), 'grade folder');
    expect(JSON.parse(folder.stdout).score).toBe(100);
  });

  it('grades a public host name through the installed CLI’s bundled client', async () => {
    const host = 'docs.agentdir-consumer.org';
    const port = Number(new URL(server.url).port);
    const web = publicWebEnv({ hosts: { [host]: '93.184.215.14' }, routes: { '93.184.215.14:80': port } });
    const graded = await agentdir(project, ['grade', `http://${host}/`, '--format', 'json'], { env: web });
    expect(graded.stderr).not.toMatch(/TypeError|is not a function/);
    const report = JSON.parse(graded.stdout);
    // Served at 127.0.0.1, the build links docs.example.com: the grade says so, but every page answered.
    expect(report.checks.map((check: { details: string }) => check.details).join('\n')).not.toMatch(/unreachable/);
    expect(report.score).toBeGreaterThan(50);

    const offline = await agentdir(project, ['grade', `https://${host}/`], { env: publicWebEnv({ offline: true }) });
    expect(offline.code).toBe(1);
    expect(offline.stderr).toContain(`no request reached it (getaddrinfo EAI_AGAIN ${host})`);
  });

  it('serve --watch picks up an edit of a resource', async () => {
    await server.close();
    const watching = await serve('--watch', '--content', 'site', '--port', '0');
    editFile(path.join(project, 'site', 'resources', 'access-and-pricing.md'), (text) =>
      text.replace('title: Access and pricing', 'title: Prices and access'),
    );
    await expect
      .poll(async () => (await get(watching.url, '/resources/access-and-pricing')).text, { timeout: 30_000 })
      .toContain('Prices and access');
  });
});
