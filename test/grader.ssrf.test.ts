// The grader's SSRF guard: DNS rebinding against `agentdir serve` / `agentdir grade` (Node), and the
// exact special-purpose address blocks. No real DNS and no traffic beyond 127.0.0.1: resolvers are fakes.
import http from 'node:http';
import type { LookupAddress } from 'node:dns';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLimits, networkFetcher } from '../src/grader/fetcher.js';
import { gradeSite } from '../src/grader/grade.js';
import { guardedLookup } from '../src/grader-node/guarded-lookup.js';
import { nodeGraderNetwork } from '../src/grader-node/node-network.js';
import { pinnedFetch } from '../src/grader-node/pinned-fetch.js';
import { refusalIn } from '../src/grader/refused-address-error.js';
import type { LookupAll, ResolvedAddress } from '../src/grader-node/resolve-host.js';
import { checkTarget, forbiddenAddress } from '../src/grader/target-guard.js';

/** A public address the fakes answer with. It is only ever handed to the early check, never to a socket. */
const publicAddress: ResolvedAddress = { address: '93.184.215.14', family: 4 };
const loopback: ResolvedAddress = { address: '127.0.0.1', family: 4 };

/** A rebinding DNS server: the first answer is public (TTL 0), every later one is 127.0.0.1. */
function rebindingResolver(): LookupAll & { calls: string[] } {
  const calls: string[] = [];
  return Object.assign(
    async (hostname: string) => {
      calls.push(hostname);
      return calls.length === 1 ? [publicAddress] : [loopback];
    },
    { calls },
  );
}

/** A server on 127.0.0.1 that would answer every path, and counts what reaches it. */
async function startLoopbackSite(): Promise<{ port: number; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    response.writeHead(200, { 'Content-Type': 'text/plain' }).end('secret internal data\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let site: Awaited<ReturnType<typeof startLoopbackSite>>;
beforeAll(async () => {
  site = await startLoopbackSite();
});
afterAll(() => site.close());

describe('the grader never reaches a loopback server through DNS rebinding', () => {
  it('control: a fetch trusting the same resolver does reach the loopback server (what the old grader did)', async () => {
    const before = site.hits.length;
    const trusting = new Agent({
      connect: {
        lookup: (_host, options, callback) =>
          options.all ? callback(null, [loopback as LookupAddress]) : callback(null, loopback.address, 4),
      },
    });
    const response = await undiciFetch(`http://rebind.example.com:${site.port}/robots.txt`, { dispatcher: trusting });
    expect(await response.text()).toContain('secret');
    expect(site.hits.length - before).toBe(1);
    await trusting.close();
  });

  it('grades a name that answers public then 127.0.0.1 (TTL 0) without one request to the loopback server', async () => {
    const before = site.hits.length;
    const resolver = rebindingResolver();
    const report = await gradeSite(
      `http://rebind.example.com:${site.port}/`,
      networkFetcher({ allowPrivate: false, ...nodeGraderNetwork(resolver) }),
    );
    expect(site.hits.length - before).toBe(0);
    expect(report.score).toBe(0);
    // The first hop passed the early check with the public answer; the connect-time lookup got 127.0.0.1 and was refused.
    expect(resolver.calls.length).toBeGreaterThanOrEqual(2);
    for (const check of report.checks) expect(check.details, check.id).not.toContain('secret');
    expect(report.checks.map((check) => check.details).join('\n')).toContain(
      'refused: the host resolves to 127.0.0.1, a loopback address (127.0.0.0/8)',
    );
  });

  it('refuses at connect time when the pinned lookup answers 127.0.0.1 after the check saw a public address', async () => {
    const before = site.hits.length;
    const resolver = rebindingResolver();
    const fetched = await networkFetcher({ allowPrivate: false, ...nodeGraderNetwork(resolver) }).get(
      `http://rebind.example.com:${site.port}/llms.txt`,
    );
    expect(resolver.calls).toEqual(['rebind.example.com', 'rebind.example.com']);
    expect(fetched).toMatchObject({ status: 0, text: '' });
    expect(fetched.error).toBe('refused: the host resolves to 127.0.0.1, a loopback address (127.0.0.0/8)');
    expect(site.hits.length - before).toBe(0);
  });

  it('refuses a connection when one answer of several is loopback ([public, 127.0.0.1] in one lookup)', async () => {
    const before = site.hits.length;
    const calls: string[] = [];
    const mixed: LookupAll = async (hostname) => {
      calls.push(hostname);
      return [publicAddress, loopback];
    };
    const error = await pinnedFetch({ lookup: mixed })(`http://mixed.example.com:${site.port}/sitemap.xml`, {
      redirect: 'manual',
    }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(calls).toEqual(['mixed.example.com']);
    expect(refusalIn(error)).toMatchObject({
      hostname: 'mixed.example.com',
      address: '127.0.0.1',
      reason: 'a loopback address (127.0.0.0/8)',
    });
    expect(site.hits.length - before).toBe(0);
  });

  it('checks a redirect target the same way: a hop to a rebinding name is refused at connect time', async () => {
    const start = await new Promise<http.Server>((resolve) => {
      const server = http.createServer((_request, response) =>
        response.writeHead(302, { Location: `http://rebind.example.com:${site.port}/robots.txt` }).end(),
      );
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
    const origin = `http://127.0.0.1:${(start.address() as { port: number }).port}`;
    try {
      const before = site.hits.length;
      const resolver = rebindingResolver();
      const fetched = await networkFetcher({
        allowPrivate: false,
        allowOrigins: [origin],
        ...nodeGraderNetwork(resolver),
      }).get(`${origin}/robots.txt`);
      expect(fetched.error).toBe('refused: the host resolves to 127.0.0.1, a loopback address (127.0.0.0/8)');
      expect(resolver.calls).toEqual(['rebind.example.com', 'rebind.example.com']);
      expect(site.hits.length - before).toBe(0);
    } finally {
      await new Promise((resolve) => start.close(resolve));
    }
  });

  it('refuses an address literal at connect time too, where net.connect does no lookup', async () => {
    const before = site.hits.length;
    const error = await pinnedFetch({ lookup: async () => [publicAddress] })(`http://127.0.0.1:${site.port}/`, {
      redirect: 'manual',
    }).catch((caught: unknown) => caught);
    expect(refusalIn(error)?.reason).toBe('a loopback address (127.0.0.0/8)');
    expect(site.hits.length - before).toBe(0);
  });

  it('hands net.connect only checked addresses, in both of its callback shapes', async () => {
    const lookup = guardedLookup(async () => [publicAddress, { address: '2606:4700::1111', family: 6 }]);
    const all = await new Promise((resolve) =>
      lookup('ok.example.com', { all: true }, (error, addresses) => resolve({ error, addresses })),
    );
    expect(all).toEqual({ error: null, addresses: [publicAddress, { address: '2606:4700::1111', family: 6 }] });
    const one = await new Promise((resolve) =>
      lookup('ok.example.com', { family: 6 }, (error, address, family) => resolve({ error, address, family })),
    );
    expect(one).toEqual({ error: null, address: '2606:4700::1111', family: 6 });
    const refused = await new Promise<Error | null>((resolve) =>
      guardedLookup(async () => [{ address: 'fe80::1%eth0', family: 6 }])('x.example.com', {}, (error) =>
        resolve(error),
      ),
    );
    expect(refused?.message).toContain('a link-local address (fe80::/10)');
  });
});

/**
 * A site built to exhaust the grader: llms.txt indexes 40 section files, the sitemap index names 20
 * sitemaps, every page has a .md variant, a premium page and every discovery file exist. It counts
 * each request that reaches it.
 */
async function startGreedySite(): Promise<{ origin: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  let origin = '';
  const sections = Array.from({ length: 40 }, (_, index) => `s${index}`);
  const answers: Record<string, [type: string, body: string]> = {};
  const page = (path: string) => `- [${path}](${origin}${path}.md): a page\n`;
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    if (!origin) origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    if (!Object.keys(answers).length) {
      answers['/robots.txt'] = [
        'text/plain',
        `User-agent: *\nContent-Signal: ai-train=no\nSitemap: ${origin}/sitemap-index.xml\n`,
      ];
      answers['/llms.txt'] = [
        'text/plain',
        `# Greedy\n\n> Many files.\n\n## Sections\n\n${sections.map((name) => `- [${name}](${origin}/llms/${name}.txt): x\n`).join('')}\n## Premium\n\n- [Paid](${origin}/resources/paid/preview.md): x\n`,
      ];
      for (const name of sections)
        answers[`/llms/${name}.txt`] = [
          'text/plain',
          `# ${name}\n\n> x\n\n## Pages\n\n${page(`/${name}/a`)}${page(`/${name}/b`)}`,
        ];
      answers['/sitemap-index.xml'] = [
        'application/xml',
        `<sitemapindex>${Array.from({ length: 20 }, (_, index) => `<sitemap><loc>${origin}/sitemap-${index}.xml</loc></sitemap>`).join('')}</sitemapindex>`,
      ];
      for (let index = 0; index < 20; index++)
        answers[`/sitemap-${index}.xml`] = [
          'application/xml',
          `<urlset>${sections.map((name) => `<url><loc>${origin}/${name}/${index}</loc></url>`).join('')}</urlset>`,
        ];
    }
    const path = new URL(request.url ?? '/', origin).pathname;
    const [type, body] =
      answers[path] ??
      (path.endsWith('.md')
        ? ['text/markdown', `# ${path}\n\nSee ${origin}/llms.txt.\n`]
        : ['text/html', `<!doctype html><title>${path}</title><body>/llms.txt`]);
    response.writeHead(200, { 'Content-Type': type, Link: `<${origin}/llms.txt>; rel="describedby"` }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { origin: address, hits, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('the extended checks never exceed the fetch budget', () => {
  it('grades a site with 40 section files and 20 sitemaps in at most 25 requests, saying what it left unread', async () => {
    const greedy = await startGreedySite();
    try {
      const report = await gradeSite(
        `${greedy.origin}/`,
        networkFetcher({ allowPrivate: false, allowOrigins: [greedy.origin] }),
      );
      expect(greedy.hits.length).toBeLessThanOrEqual(defaultLimits.maxFetches);
      expect(greedy.hits.length).toBe(defaultLimits.maxFetches);
      const coverage = report.extended.checks.find((check) => check.id === 'llms-txt-coverage')!;
      expect(coverage.details).toMatch(
        /^\/llms\.txt and \d+ of its 40 section files \(fetch budget spent: estimated\)/,
      );
      // Every extended check ran on what it could read; none was starved by the coverage check, which runs last.
      const starved = [...report.checks, ...report.extended.checks].filter((check) =>
        check.details.includes('not fetched'),
      );
      expect(starved).toEqual([]);
    } finally {
      await greedy.close();
    }
  });
});

describe('the target check judges a host in the one spelling a resolver acts on', () => {
  it.each([
    ['http://127.0.0.1..:9404/', 'the host is a loopback address (127.0.0.0/8)'],
    ['http://127.0.0.1.../', 'the host is a loopback address (127.0.0.0/8)'],
    ['http://2130706433../', 'the host is a loopback address (127.0.0.0/8)'],
    ['http://0x7f.1../', 'the host is a loopback address (127.0.0.0/8)'],
    [
      'http://169.254.169.254../latest/meta-data/',
      'the host is a link-local or cloud metadata address (169.254.0.0/16)',
    ],
    ['http://１２７.０.０.１../', 'the host is a loopback address (127.0.0.0/8)'],
    ['http://127。0。0。1。。/', 'the host is a loopback address (127.0.0.0/8)'],
    ['http://localhost../', 'the host "localhost" is a local name'],
    ['http://LOCALHOST./', 'the host "localhost" is a local name'],
    ['http://ｌｏｃａｌｈｏｓｔ．．/', 'the host "localhost" is a local name'],
    ['http://local\u00ADhost./', 'the host "localhost" is a local name'],
    ['http://printer.LOCAL../', 'the host "printer.local" is a local name'],
    ['http://metadata.google.internal../', 'the host "metadata.google.internal" is a local name'],
    ['http://[::1]../', 'not an absolute URL'],
    ['http://..../', 'the URL has no host'],
  ])('refuses %s: %s', (url, reason) => {
    expect(checkTarget(url)).toEqual({ ok: false, reason });
  });

  it('passes on the URL in that spelling, so the host fetched is the host checked', () => {
    const checked = checkTarget('https://Docs.Example.COM../llms.txt?x=1');
    expect(checked.ok && checked.url.href).toBe('https://docs.example.com/llms.txt?x=1');
  });
});

describe('the target check allows public IPv6 literals', () => {
  it.each([
    'https://[2606:4700::1111]/',
    'https://[2001:4860:4860::8888]/',
    'http://[::ffff:8.8.8.8]/',
    'http://[64:ff9b::808:808]/',
    'http://[2002:808:808::1]/',
  ])('allows %s', (url) => {
    expect(checkTarget(url)).toMatchObject({ ok: true });
  });
});

describe('the address filter matches the IANA special-purpose blocks exactly', () => {
  it.each([
    '1.0.0.1',
    '8.8.8.8',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.1',
    '169.253.255.255',
    '169.255.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.1',
    '192.0.3.0',
    '192.1.0.1',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '198.51.99.255',
    '198.51.101.0',
    '203.0.112.255',
    '203.0.114.0',
    '223.255.255.255',
    '2606:4700::1111',
    '2001:200::1',
    '2001:db7:ffff::1',
    '2001:db9::1',
    '3fff:1000::1',
    '2620:4f:8000::1',
  ])('allows %s', (address) => {
    expect(forbiddenAddress(address)).toBeNull();
  });

  it.each([
    ['0.1.2.3', '0.0.0.0/8'],
    ['10.255.255.255', '10.0.0.0/8'],
    ['100.64.0.0', '100.64.0.0/10'],
    ['100.127.255.255', '100.64.0.0/10'],
    ['127.255.255.254', '127.0.0.0/8'],
    ['169.254.169.254', '169.254.0.0/16'],
    ['172.16.0.0', '172.16.0.0/12'],
    ['172.31.255.255', '172.16.0.0/12'],
    ['192.0.0.0', '192.0.0.0/24'],
    ['192.0.0.8', '192.0.0.0/24'],
    ['192.0.0.255', '192.0.0.0/24'],
    ['192.0.2.0', '192.0.2.0/24'],
    ['192.0.2.255', '192.0.2.0/24'],
    ['192.168.0.1', '192.168.0.0/16'],
    ['198.18.0.0', '198.18.0.0/15'],
    ['198.19.255.255', '198.18.0.0/15'],
    ['198.51.100.7', '198.51.100.0/24'],
    ['203.0.113.9', '203.0.113.0/24'],
    ['224.0.0.1', '224.0.0.0/4'],
    ['239.255.255.255', '224.0.0.0/4'],
    ['240.0.0.1', '240.0.0.0/4'],
    ['255.255.255.254', '240.0.0.0/4'],
    ['255.255.255.255', '255.255.255.255/32'],
    ['::', '::/128'],
    ['::1', '::1/128'],
    ['::127.0.0.1', '::/96'],
    ['::ffff:127.0.0.1', '127.0.0.0/8'],
    ['::ffff:a9fe:a9fe', '169.254.0.0/16'],
    ['64:ff9b::10.0.0.1', '10.0.0.0/8'],
    ['64:ff9b:1::1', '64:ff9b:1::/48'],
    ['100::1', '100::/64'],
    ['2001::1', '2001::/23'],
    ['2001:1ff:ffff::1', '2001::/23'],
    ['2001:db8::1', '2001:db8::/32'],
    ['2002:7f00:1::', '127.0.0.0/8'],
    ['3fff::1', '3fff::/20'],
    ['fc00::1', 'fc00::/7'],
    ['fdff:ffff::1', 'fc00::/7'],
    ['fe80::1', 'fe80::/10'],
    ['febf::1', 'fe80::/10'],
    ['fec0::1', '2000::/3'],
    ['ff02::1', 'ff00::/8'],
    ['4000::1', '2000::/3'],
  ])('refuses %s naming %s', (address, block) => {
    expect(forbiddenAddress(address)).toContain(`(${block})`);
  });

  it('refuses 192.0.0.8 with the /24 in the message, and allows 192.0.1.1', () => {
    expect(checkTarget('http://192.0.0.8/')).toEqual({
      ok: false,
      reason: 'the host is a reserved IETF protocol address (192.0.0.0/24)',
    });
    expect(checkTarget('http://192.0.1.1/')).toMatchObject({ ok: true });
  });

  it('refuses documentation and reserved addresses as URL hosts, naming the block', () => {
    expect(checkTarget('http://198.51.100.1/')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('198.51.100.0/24'),
    });
    expect(checkTarget('http://[2001:db8::1]/')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('2001:db8::/32'),
    });
    expect(checkTarget('http://[fd12:3456::1]/')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('fc00::/7'),
    });
  });
});
