import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliPath, repoRoot, tempDir } from './helpers/fixtures.js';
import { startServe } from './helpers/runtimes.js';
import { siteUnderTest } from './helpers/site-under-test.js';
import { stackTraceLines } from './helpers/stack-trace.js';

let serve: Awaited<ReturnType<typeof startServe>>;
let outside: string;
let builtWorkerDir: string;
beforeAll(async () => {
  const site = await siteUnderTest();
  builtWorkerDir = path.join(site.dist, 'worker');
  // Links inside the build that lead out of it: serve must not follow them.
  outside = path.join(tempDir(), 'secret.txt');
  fs.writeFileSync(outside, 'outside the public root\n');
  fs.symlinkSync(outside, path.join(site.dist, 'public', 'leak.txt'));
  fs.symlinkSync(path.dirname(outside), path.join(site.dist, 'public', 'elsewhere'));
  serve = await startServe(site.dist, site.keysFile);
});
afterAll(async () => {
  await serve?.close();
});

describe('agentdir serve: static files', () => {
  it.each([
    ['/', 'text/html; charset=utf-8'],
    ['/resources/wire-formats', 'text/html; charset=utf-8'],
    ['/resources/wire-formats.md', 'text/markdown; charset=utf-8'],
    ['/api/resources.json', 'application/json'],
    ['/api/corpus.jsonl', 'application/x-ndjson'],
    ['/llms.txt', 'text/plain; charset=utf-8'],
    ['/license.xml', 'application/rsl+xml'],
    ['/sitemap-0.xml', 'application/xml'],
    ['/.well-known/mcp/server-card.json', 'application/json'],
  ])('%s answers 200 as %s', async (pathname, type) => {
    const response = await serve.request(pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
  });

  it('answers unknown paths with the 404 page, and never serves the _headers file', async () => {
    for (const pathname of ['/no/such/page', '/_headers', '/_headers/', '/api/../_headers', '/_redirects']) {
      const response = await serve.request(pathname);
      expect(response.status, pathname).toBe(404);
      expect(response.body).toContain('Page not found');
    }
    // Other spellings redirect to the one path, which is the 404 page too.
    for (const pathname of ['//_headers', '///_headers', '/%5Fheaders']) {
      const response = await serve.request(pathname);
      expect(response.status, pathname).toBe(307);
      expect(response.headers.get('location'), pathname).toBe('/_headers');
    }
  });

  it('never follows a symlink out of the public folder', async () => {
    for (const pathname of ['/leak.txt', '/elsewhere/secret.txt', '/elsewhere/']) {
      const response = await serve.request(pathname);
      expect(response.status, pathname).not.toBe(200);
      expect(response.body).not.toContain('outside the public root');
    }
  });

  it('refuses writes to static files with 405 and Allow', async () => {
    const response = await serve.request('/llms.txt', { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('stops cleanly on SIGTERM', async () => {
    const exit = new Promise<number | null>((resolve) => serve.child.once('exit', (code) => resolve(code)));
    serve.child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });

  it('explains what to do when there is no build to serve', () => {
    const result = spawnSync(process.execPath, [cliPath, 'serve', path.join(tempDir(), 'nothing'), '--port', '0'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Run `agentdir build` first');
  });

  it.each([
    ['does not parse', '{"site": {"name": "Acme"'],
    ['is of another shape', '{"site": {"name": "Acme"}, "premium": []}'],
  ])('names the worker data and says to build again when it %s, with no stack trace', (_, text) => {
    const dist = tempDir();
    fs.mkdirSync(path.join(dist, 'public'));
    fs.cpSync(builtWorkerDir, path.join(dist, 'worker'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'worker', 'data', 'worker-data.json'), text);
    const result = spawnSync(process.execPath, [cliPath, 'serve', dist, '--port', '0'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(path.join(dist, 'worker', 'data', 'worker-data.json'));
    expect(result.stderr).toContain('Build again with `agentdir build`');
    expect(stackTraceLines(result.stderr)).toEqual([]);
  });
});
