import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  agentdir,
  editFile,
  type LongRunning,
  startLongRunning,
  startWranglerDev,
  succeed,
  wrangler,
} from '../helpers/consumer.js';
import { repoRoot } from '../helpers/fixtures.js';

// Real wrangler, pinned for the Node that runs the tests, on what `agentdir build` wrote in a user's
// project: the config must deploy, and `wrangler dev` (Cloudflare's asset server and workerd) must
// answer every route as `agentdir serve` does.
const project = inject('project');
const servers: LongRunning[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

/** A premium resource of the scaffold's shape, for a site with many of them. */
function premiumResource(slug: string): string {
  return [
    '---',
    `title: Premium ${slug}`,
    'description: One of many premium resources.',
    'category: start-here',
    'tags: [reference]',
    'updated: 2026-01-01',
    'premium: true',
    'premium_summary: A premium resource, for key holders.',
    '---',
    '',
    'The premium body.',
    '',
    '## What it covers',
    '',
    'Everything.',
    '',
  ].join('\n');
}

const builds: Record<string, string> = {};

beforeAll(async () => {
  await succeed(
    agentdir(project, ['new', 'cf-site', '--name', 'Cloudflare docs', '--url', 'https://docs.example.com']),
    'new',
  );
  const site = path.join(project, 'cf-site');
  const withoutNegotiation = (folder: string) =>
    editFile(path.join(folder, 'site.yaml'), (text) =>
      text.replace('markdown_negotiation: true', 'markdown_negotiation: false'),
    );
  const off = path.join(project, 'cf-site-off');
  fs.cpSync(site, off, { recursive: true });
  withoutNegotiation(off);
  const many = path.join(project, 'cf-site-many');
  fs.cpSync(site, many, { recursive: true });
  withoutNegotiation(many);
  for (let i = 1; i <= 30; i++)
    fs.writeFileSync(path.join(many, 'resources', `premium-${i}.md`), premiumResource(`premium-${i}`));

  const variants: [string, string][] = [
    ['an `agentdir new` site, negotiation on', site],
    ['an `agentdir new` site, negotiation off', off],
    ['30 premium resources, negotiation off', many],
    ['the default directory', path.join(repoRoot, 'content')],
  ];
  for (const [name, content] of variants) {
    const out = path.join(project, `cf-dist-${Object.keys(builds).length}`);
    await succeed(agentdir(project, ['build', content, '--out', out, '--quiet']), `build ${name}`);
    builds[name] = out;
  }
});

describe('wrangler deploy --dry-run', () => {
  it.each([
    'an `agentdir new` site, negotiation on',
    'an `agentdir new` site, negotiation off',
    '30 premium resources, negotiation off',
    'the default directory',
  ])('accepts the generated config of %s', async (name) => {
    const result = await wrangler(builds[name]!, ['deploy', '--dry-run']);
    expect(result.stderr + result.stdout).not.toContain('ERROR');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('--dry-run: exiting now.');
  });
});

interface Case {
  name: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  status: number;
}

describe('wrangler dev and agentdir serve', () => {
  const keys: Record<string, string> = {};
  const runtimes: Record<'serve' | 'wrangler', LongRunning> = {} as never;

  beforeAll(async () => {
    const dist = builds['an `agentdir new` site, negotiation on']!;
    const keyFile = path.join(project, 'cf-keys.json');
    for (const tier of ['starter', 'corpus']) {
      const created = await succeed(
        agentdir(project, ['keys', 'create', '--tier', tier, '--label', tier, '--file', keyFile]),
        'keys create',
      );
      keys[tier] = created.stdout.trim().split('\n')[0]!;
    }
    const secret = (
      await succeed(agentdir(project, ['keys', 'export', '--file', keyFile]), 'keys export')
    ).stdout.trim();
    // What `wrangler secret put AGENTDIR_KEYS` is to a deploy, .dev.vars is to `wrangler dev`.
    fs.writeFileSync(path.join(dist, '.dev.vars'), `AGENTDIR_KEYS='${secret}'\n`);
    runtimes.wrangler = await startWranglerDev(dist);
    servers.push(runtimes.wrangler);
    runtimes.serve = await startLongRunning(
      project,
      'npx',
      ['--no-install', 'agentdir', 'serve', dist, '--port', '0', '--keys-file', keyFile],
      /(http:\/\/127\.0\.0\.1:\d+)\//,
    );
    servers.push(runtimes.serve);
  });

  const mcpHeaders = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'consumer', version: '1' } },
  });
  const bearer = (tier: string) => ({ Authorization: `Bearer ${keys[tier]}` });
  const browser = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
  const markdown = { Accept: 'text/markdown' };

  // The route table of the README's "What the worker answers", and the static files beside it.
  const cases = (): Case[] => [
    { name: 'home page', path: '/', status: 200 },
    { name: 'home page, Accept: text/markdown', path: '/', headers: markdown, status: 200 },
    { name: 'llms.txt', path: '/llms.txt', status: 200 },
    { name: 'resource index', path: '/api/resources.json', status: 200 },
    { name: 'free resource page', path: '/resources/access-and-pricing', status: 200 },
    { name: 'free resource Markdown', path: '/resources/access-and-pricing.md', status: 200 },
    { name: 'free resource JSON', path: '/api/resources/access-and-pricing.json', status: 200 },
    { name: 'free page, Accept: text/markdown', path: '/resources/access-and-pricing', headers: markdown, status: 200 },
    { name: 'guide, Accept: text/markdown', path: '/articles/welcome', headers: markdown, status: 200 },
    { name: 'premium JSON, no key', path: '/api/resources/field-guide.json', status: 402 },
    { name: 'premium Markdown, no key', path: '/resources/field-guide.md', status: 402 },
    { name: 'premium page, browser', path: '/resources/field-guide', headers: browser, status: 402 },
    { name: 'premium page with a slash, no key', path: '/resources/field-guide/', status: 402 },
    {
      name: 'premium JSON, wrong key',
      path: '/api/resources/field-guide.json',
      headers: { 'x-api-key': 'adk_wrong' },
      status: 402,
    },
    {
      name: 'premium JSON, starter key',
      path: '/api/resources/field-guide.json',
      headers: bearer('starter'),
      status: 200,
    },
    {
      name: 'premium Markdown, starter key',
      path: '/resources/field-guide.md',
      headers: bearer('starter'),
      status: 200,
    },
    {
      name: 'premium page, Accept: text/markdown, key',
      path: '/resources/field-guide',
      headers: { ...markdown, ...bearer('starter') },
      status: 200,
    },
    { name: 'full corpus, no key', path: '/api/corpus.full.jsonl', status: 402 },
    { name: 'full corpus, starter key', path: '/api/corpus.full.jsonl', headers: bearer('starter'), status: 402 },
    { name: 'full corpus, corpus key', path: '/api/corpus.full.jsonl', headers: bearer('corpus'), status: 200 },
    { name: 'x402, dormant', path: '/api/x402/field-guide', status: 503 },
    { name: 'x402, free slug', path: '/api/x402/access-and-pricing', status: 400 },
    { name: 'x402, unknown slug', path: '/api/x402/no-such-thing', status: 404 },
    {
      name: 'grader, no url',
      path: '/api/grader',
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
      status: 400,
    },
    { name: 'grader, GET', path: '/api/grader', status: 405 },
    { name: 'mcp initialize', path: '/mcp', method: 'POST', headers: mcpHeaders, body: initialize, status: 200 },
    { name: 'mcp GET', path: '/mcp', status: 405 },
    { name: 'mcp server card', path: '/mcp/server-card', status: 200 },
    { name: 'unknown page', path: '/no-such-page', status: 404 },
  ];

  async function answer(base: string, entry: Case) {
    const response = await fetch(new URL(entry.path, base), {
      method: entry.method ?? 'GET',
      headers: entry.headers,
      body: entry.body,
      redirect: 'manual',
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      cacheControl: response.headers.get('cache-control'),
      body: await response.text(),
    };
  }

  it('answer every route with the same status, media type and body', async () => {
    const differences: string[] = [];
    for (const entry of cases()) {
      const [served, deployed] = [await answer(runtimes.serve.url, entry), await answer(runtimes.wrangler.url, entry)];
      expect(deployed.status, `${entry.name}: wrangler dev`).toBe(entry.status);
      for (const field of ['status', 'contentType', 'body'] as const)
        if (served[field] !== deployed[field])
          differences.push(
            `${entry.name}: ${field} ${JSON.stringify(served[field]).slice(0, 200)} (serve) vs ${JSON.stringify(deployed[field]).slice(0, 200)} (wrangler dev)`,
          );
      if (entry.status === 402) expect(deployed.cacheControl, entry.name).toBe('no-store');
    }
    expect(differences).toEqual([]);
  });
});
