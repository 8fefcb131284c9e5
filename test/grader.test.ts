import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLimits, networkFetcher, type SiteFetcher } from '../src/grader/fetcher.js';
import { gradeSite } from '../src/grader/grade.js';
import type { GraderReport } from '../src/grader/report.js';
import { schemaRegistry } from '../src/schemas/registry.js';
import { buildFixture } from './helpers/build-fixture.js';
import { fixturesDir, repoRoot, tempDir } from './helpers/fixtures.js';
import { fetchDespiteReset } from './helpers/fetch-despite-reset.js';
import { freePort } from './helpers/free-port.js';
import { gradeCli } from './helpers/grade-cli.js';
import { runtimePair, type RuntimePair } from './helpers/runtime-pair.js';
import { startServe, startWorkerd, type Runtime } from './helpers/runtimes.js';
import { siteUnderTest } from './helpers/site-under-test.js';
import { startStaticSite } from './helpers/static-site.js';

const sites: Record<string, Awaited<ReturnType<typeof startStaticSite>>> = {};
let runtimes: RuntimePair;
let dist = '';

beforeAll(async () => {
  for (const name of ['good', 'partial', 'bad'])
    sites[name] = await startStaticSite(path.join(fixturesDir, 'grader', name));
  const site = await siteUnderTest();
  dist = site.dist;
  runtimes = await runtimePair(site, { workerdKeys: false });
});
afterAll(async () => {
  await Promise.all([...Object.values(sites).map((server) => server.close()), runtimes?.close()]);
});

describe('agentdir grade <url>', () => {
  it.each([
    [
      'good',
      100,
      'A',
      { 'robots-txt': 15, 'llms-txt': 25, sitemap: 15, homepage: 15, 'rsl-license': 15, 'markdown-variants': 15 },
    ],
    [
      'partial',
      63,
      'D',
      { 'robots-txt': 8, 'llms-txt': 19, sitemap: 15, homepage: 5, 'rsl-license': 8, 'markdown-variants': 8 },
    ],
    [
      'bad',
      0,
      'F',
      { 'robots-txt': 0, 'llms-txt': 0, sitemap: 0, homepage: 0, 'rsl-license': 0, 'markdown-variants': 0 },
    ],
  ])('scores the %s fixture site %i (%s)', async (name, score, grade, perCheck) => {
    const result = await gradeCli(sites[name]!.url, '--allow-private', '--format', 'json');
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(
      Object.fromEntries(report.checks.map((check: { id: string; score: number }) => [check.id, check.score])),
    ).toEqual(perCheck);
    expect([report.score, report.grade]).toEqual([score, grade]);
    expect(report.tool).toBe('agentdir readiness grader');
    if (score < 100) expect(report.recommendations.length).toBeGreaterThan(0);
  });

  it('gives partial credit where it helps: llms.txt linking HTML pages whose .md copies exist', async () => {
    const report = JSON.parse((await gradeCli(sites.partial!.url, '--allow-private', '--format', 'json')).stdout);
    const markdown = report.checks.find((check: { id: string }) => check.id === 'markdown-variants');
    expect(markdown.details).toContain('.md copy');
    expect(report.recommendations.map((item: { action: string }) => item.action).join(' ')).toContain(
      'Link the .md variants in llms.txt',
    );
  });

  it('prints a readable report and fails --min-score when below it', async () => {
    const human = await gradeCli(sites.partial!.url, '--allow-private', '--min-score', '90');
    expect(human.code).toBe(1);
    expect(human.stdout).toContain('63/100 (D)');
    expect(human.stdout).toContain('What to do:');
  });

  it('refuses a loopback target without --allow-private, before any fetch', async () => {
    const result = await gradeCli(sites.good!.url);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('loopback');
    expect(result.stderr).toContain('--allow-private');
  });

  it('says a site no request reached cannot be graded, with the reason and exit 1, instead of scoring it 0', async () => {
    const closed = await freePort();
    const result = await gradeCli(`http://127.0.0.1:${closed}/`, '--allow-private', '--format', 'json');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`Cannot grade http://127.0.0.1:${closed}/: no request reached it (`);
    expect(result.stderr).toContain('ECONNREFUSED');
    expect(result.stderr).not.toMatch(/TypeError|\n\s+at /);
  });
});

describe('agentdir grade <folder>', () => {
  it('grades a build with no network, and the built fixture scores 100', async () => {
    const result = await gradeCli(path.join(dist, 'public'), '--format', 'json');
    const report = JSON.parse(result.stdout);
    expect(report.url).toBe('https://fixture.example/');
    expect(report.score).toBe(100);
  });
});

describe('the grader fetches within bounds', () => {
  it('refuses a redirect into a private or metadata address, loops and oversized bodies', async () => {
    const tricky = await startStaticSite(path.join(fixturesDir, 'grader', 'good'), {
      '/robots.txt': (response) =>
        response.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end(),
      '/llms.txt': (response) => response.writeHead(301, { Location: 'http://10.0.0.1/llms.txt' }).end(),
      '/license.xml': (response) => response.writeHead(302, { Location: '/license.xml' }).end(),
      '/sitemap.xml': (response) =>
        response.writeHead(200, { 'Content-Type': 'application/xml' }).end(`<urlset>${'x'.repeat(2_000_000)}`),
    });
    try {
      const fetcher = networkFetcher({ allowPrivate: false, allowOrigins: [tricky.origin] });
      expect((await fetcher.get(`${tricky.origin}/robots.txt`)).error).toContain(
        'refused: the host is a link-local or cloud metadata address',
      );
      expect((await fetcher.get(`${tricky.origin}/llms.txt`)).error).toContain(
        'refused: the host is a private address',
      );
      expect((await fetcher.get(`${tricky.origin}/license.xml`)).error).toContain('more than 5 redirects');
      expect((await fetcher.get(`${tricky.origin}/sitemap.xml`)).error).toContain('larger than 1000000 bytes');
      const report = await gradeSite(
        tricky.url,
        networkFetcher({ allowPrivate: false, allowOrigins: [tricky.origin] }),
      );
      expect(report.checks.find((check) => check.id === 'robots-txt')!.details).toContain('refused');
    } finally {
      await tricky.close();
    }
  });

  it('cuts off a body that trickles past the per-fetch budget, as it does a slow answer', async () => {
    const slow = await startStaticSite(path.join(fixturesDir, 'grader', 'good'), {
      '/llms.txt': (response) => {
        response.writeHead(200, { 'Content-Type': 'text/plain' }).write('# ');
        let left = 50;
        const timer = setInterval(() => (--left ? response.write('x') : response.end()), 100);
        response.on('close', () => clearInterval(timer));
      },
    });
    try {
      const fetcher = networkFetcher({ allowPrivate: true, limits: { perFetchMs: 500 } });
      const started = Date.now();
      const page = await fetcher.get(`${slow.origin}/llms.txt`);
      expect(page).toMatchObject({ status: 0, text: '', error: 'timed out' });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await slow.close();
    }
  });

  it('stops after its fetch budget', async () => {
    const fetcher = networkFetcher({ allowPrivate: true, limits: { maxFetches: 2 } });
    await fetcher.get(sites.good!.url);
    await fetcher.get(`${sites.good!.origin}/robots.txt`);
    expect((await fetcher.get(`${sites.good!.origin}/llms.txt`)).error).toContain('stops after 2 requests');
  });
});

const forbiddenTargets = [
  'http://127.0.0.1/',
  'http://localhost/',
  'http://LOCALHOST./',
  'http://localhost../',
  'http://127.0.0.1..:9404/',
  'http://127.0.0.1.../',
  'http://１２７.０.０.１../',
  'http://[::1]../',
  'http://app.localhost/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://0177.0.0.1/',
  'http://127.1/',
  'http://0.0.0.0/',
  'http://10.1.2.3/',
  'http://172.16.0.1/',
  'http://192.168.1.1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://100.64.0.1/',
  'http://[::1]/',
  'http://[::]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:a9fe:a9fe]/',
  'http://[fe80::1]/',
  'http://[fd00::1]/',
  'http://[64:ff9b::10.0.0.1]/',
  'http://metadata.google.internal/',
  'http://printer.local/',
  'http://intranet/',
  'http://user:pass@example.com/',
  'ftp://example.com/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'not a url',
];

describe.each(['serve', 'workerd'] as const)('POST /api/grader on %s', (name) => {
  const post = async (body: string, method = 'POST') => {
    const response = await fetchDespiteReset(`${runtimes[name].url}api/grader`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(method === 'POST' ? { body } : {}),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  };

  it(`refuses ${forbiddenTargets.length} forbidden targets with a 400 JSON error`, async () => {
    expect(forbiddenTargets.length).toBeGreaterThanOrEqual(15);
    for (const url of forbiddenTargets) {
      const answer = await post(JSON.stringify({ url }));
      expect(answer.status, url).toBe(400);
      expect(answer.body.error, url).toBe('forbidden_target');
    }
  });

  it('refuses malformed requests with a 4xx JSON error', async () => {
    expect(await post('{not json')).toMatchObject({ status: 400, body: { error: 'invalid_json' } });
    expect(await post('{}')).toMatchObject({ status: 400, body: { error: 'missing_url' } });
    expect(await post('{"url": 42}')).toMatchObject({ status: 400, body: { error: 'missing_url' } });
    expect(await post('[]')).toMatchObject({ status: 400, body: { error: 'missing_url' } });
    expect(await post(JSON.stringify({ url: 'https://x.example/'.padEnd(20_000, 'a') }))).toMatchObject({
      status: 413,
    });
    expect((await post('', 'GET')).status).toBe(405);
  });
});

describe('the grader report', () => {
  it('matches the grader report: tool, url, score, grade, checks, extended; recommendations', async () => {
    const report = JSON.parse((await gradeCli(sites.partial!.url, '--allow-private', '--format', 'json')).stdout);
    expect(Object.keys(report)).toEqual(['tool', 'url', 'score', 'grade', 'checks', 'extended', 'recommendations']);
    expect(Object.keys(report.extended)).toEqual(['score', 'checks']);
    for (const check of [...report.checks, ...report.extended.checks])
      expect(Object.keys(check)).toEqual(['id', 'title', 'passed', 'weight', 'score', 'details']);
    expect(report.checks.reduce((sum: number, check: { weight: number }) => sum + check.weight, 0)).toBe(100);
    expect(report.extended.checks.reduce((sum: number, check: { weight: number }) => sum + check.weight, 0)).toBe(100);
    const validate = schemaRegistry().validator('grader-report');
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
  });
});

/** A fetcher that counts the requests it passes on. */
function counted(fetcher: SiteFetcher): SiteFetcher & { urls: string[]; remaining(): number } {
  const urls: string[] = [];
  return {
    urls,
    remaining: () => fetcher.remaining?.() ?? Number.POSITIVE_INFINITY,
    get: (url, options) => {
      urls.push(`${url} ${options?.accept ?? ''}`);
      return fetcher.get(url, options);
    },
  };
}

describe('the default directory, built for where it is served', () => {
  let dist = '';
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
    ({ outDir: dist } = await buildFixture(path.join(repoRoot, 'content'), path.join(tempDir(), 'dist'), {
      baseUrl: `http://127.0.0.1:${port}`,
    }));
  }, 300_000);

  const expectPerfect = (report: GraderReport) => {
    const failing = [...report.checks, ...report.extended.checks].filter((check) => !check.passed);
    expect(failing.map((check) => `${check.id}: ${check.details}`)).toEqual([]);
    expect([report.score, report.extended.score, report.recommendations]).toEqual([100, 100, []]);
    const validate = schemaRegistry().validator('grader-report');
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
  };

  it('scores 100 on both scores graded as a folder, with no network', async () => {
    const result = await gradeCli(dist, '--format', 'json');
    expect(result.code, result.stderr).toBe(0);
    expectPerfect(JSON.parse(result.stdout));
  });

  describe.each(['serve', 'workerd'] as const)('served by %s', (name) => {
    let runtime: Runtime & { url: string };
    beforeAll(async () => {
      runtime =
        name === 'serve'
          ? await startServe(dist, path.join(tempDir(), 'keys.json'), {}, port)
          : await startWorkerd(dist, {}, port);
    });
    afterAll(() => runtime.close());

    it('scores 100 on both scores, as `agentdir grade` prints it', async () => {
      const result = await gradeCli(runtime.url, '--allow-private', '--format', 'json');
      expect(result.code, result.stderr).toBe(0);
      expectPerfect(JSON.parse(result.stdout));
    });

    it('stays inside the fetch budget, every request made', async () => {
      const fetcher = counted(networkFetcher({ allowPrivate: true }));
      const report = await gradeSite(runtime.url, fetcher);
      expectPerfect(report);
      expect(fetcher.urls.length).toBeLessThanOrEqual(defaultLimits.maxFetches);
      expect(new Set(fetcher.urls).size).toBe(fetcher.urls.length);
      expect(fetcher.remaining()).toBe(defaultLimits.maxFetches - fetcher.urls.length);
    });
  });
});
