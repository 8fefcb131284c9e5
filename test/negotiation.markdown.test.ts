import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefersMarkdown } from '../src/shared/accept.js';
import { buildFixture } from './helpers/build-fixture.js';
import { copyFixture } from './helpers/fixtures.js';
import { runtimePair, type RuntimePair } from './helpers/runtime-pair.js';
import { readWranglerConfig, type Runtime } from './helpers/runtimes.js';
import { siteUnderTest } from './helpers/site-under-test.js';

describe('prefersMarkdown', () => {
  it.each([
    ['text/markdown', true],
    ['text/markdown, text/html;q=0.9', true],
    ['text/html, text/markdown;q=0.5', false],
    ['text/markdown;q=0.8, */*;q=0.8', true],
    ['*/*', false],
    ['text/html,application/xhtml+xml,*/*;q=0.8', false],
    ['text/*', false],
    ['text/markdown;q=0', false],
    ['', false],
  ])('%s -> %s', (accept, expected) => {
    expect(prefersMarkdown(accept)).toBe(expected);
  });
});

let runtimes: RuntimePair;
let plain: RuntimePair;
let starter = '';

beforeAll(async () => {
  const content = copyFixture('minimal');
  fs.appendFileSync(path.join(content, 'site.yaml'), 'markdown_negotiation: true\n');
  const { outDir } = await buildFixture(content);
  const site = await siteUnderTest();
  starter = site.keys.starter;
  runtimes = await runtimePair({ dist: outDir, keysFile: site.keysFile });
  expect(readWranglerConfig(outDir).assets.run_worker_first).toContain('/resources/*');
  plain = await runtimePair(site, { workerdKeys: false });
  expect(readWranglerConfig(site.dist).assets.run_worker_first).not.toContain('/resources/*');
  expect(readWranglerConfig(site.dist).assets.run_worker_first).not.toContain('/');
});
afterAll(async () => {
  await Promise.all([runtimes?.close(), plain?.close()]);
});

describe.each(['serve', 'workerd'] as const)('Markdown negotiation on %s', (name) => {
  const get = (runtime: Runtime, pathname: string, headers: Record<string, string> = {}) =>
    runtime.request(pathname, { headers });

  it('answers Accept: text/markdown on resource and article pages with the Markdown variant, Vary: Accept', async () => {
    for (const [pathname, heading] of [
      ['/resources/wire-formats', '# Wire formats'],
      ['/resources/wire-formats/', '# Wire formats'],
      ['/articles/first-steps', '# First steps'],
    ] as const) {
      const response = await get(runtimes[name], pathname, { Accept: 'text/markdown' });
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(response.headers.get('vary')).toContain('Accept');
      expect(response.body.startsWith(heading)).toBe(true);
    }
  });

  it('answers Accept: text/markdown on guide cluster and learning path pages with their Markdown twins', async () => {
    for (const [pathname, heading] of [
      ['/guides/basics', '# Basics'],
      ['/paths/first-path', '# First path'],
    ] as const) {
      const response = await get(runtimes[name], pathname, { Accept: 'text/markdown' });
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('content-type'), pathname).toBe('text/markdown; charset=utf-8');
      expect(response.body.startsWith(heading), pathname).toBe(true);
    }
  });

  it('answers Accept: text/markdown on the home page with its Markdown twin, headed as the other twins are', async () => {
    const home = await get(runtimes[name], '/', { Accept: 'text/markdown' });
    expect(home.status).toBe(200);
    expect(home.body.startsWith('# Fixture Directory\n\n> A small directory')).toBe(true);
    expect(home.body).toBe((await get(runtimes[name], '/index.md')).body);
    const sibling = await get(runtimes[name], '/guides/basics', { Accept: 'text/markdown' });
    // The same headers as a sibling page's Markdown answer, but for those that depend on the body.
    const headers = (response: typeof home) =>
      [...response.headers].filter(([header]) => !['content-length', 'etag', 'date'].includes(header));
    expect(headers(home)).toEqual(headers(sibling));
    expect(home.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(home.headers.get('vary')).toContain('Accept');
    const page = await get(runtimes[name], '/', { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('vary')).toContain('Accept');
  });

  it('still answers HTML to browsers, marked Vary: Accept', async () => {
    const response = await get(runtimes[name], '/resources/wire-formats', {
      Accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('vary')).toContain('Accept');
  });

  it('keeps premium pages behind a key, and serves their Markdown with one', async () => {
    const refused = await get(runtimes[name], '/resources/data-formats', { Accept: 'text/markdown' });
    expect(refused.status).toBe(402);
    const opened = await get(runtimes[name], '/resources/data-formats', {
      Accept: 'text/markdown',
      Authorization: `Bearer ${starter}`,
    });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(opened.headers.get('vary')).toContain('Accept');
    expect(opened.body).toContain('The secret premium sentence');
  });

  it('is off by default: static hosting answers HTML whatever the Accept header says', async () => {
    for (const pathname of ['/resources/wire-formats', '/']) {
      const response = await get(plain[name], pathname, { Accept: 'text/markdown' });
      expect(response.headers.get('content-type'), pathname).toMatch(/^text\/html/);
    }
  });
});
