import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFor, parseHeaderRules } from '../src/shared/header-rules.js';
import { ardManifestCheck } from '../src/grader/checks/extended/ard-manifest.js';
import { ardConformance } from './helpers/ard-conformance.js';
import { gradeCli } from './helpers/grade-cli.js';
import { buildFixture } from './helpers/build-fixture.js';
import { copyFixture, fixturesDir } from './helpers/fixtures.js';
import { startServe, type Runtime } from './helpers/runtimes.js';
import { siteUnderTest } from './helpers/site-under-test.js';

// Agentic Resource Discovery: /.well-known/ard.json lists every catalog entry of the site, passes
// the conformance tester Lighthouse's `ard-schema` audit runs, and is advertised each way the draft
// lists (robots.txt `Agentmap`, a `Link` header, a `<link>` in every page), with the ai-catalog.json
// of earlier drafts as its alias.

const base = 'https://fixture.example';
let pub = '';
let serve: Runtime & { url: string };
beforeAll(async () => {
  const site = await siteUnderTest();
  pub = path.join(site.dist, 'public');
  serve = await startServe(site.dist, site.keysFile);
});
afterAll(async () => {
  await serve?.close();
});

const read = (file: string) => fs.readFileSync(path.join(pub, file), 'utf8');

describe('the ARD manifest', () => {
  it.each(['.well-known/ard.json', '.well-known/ai-catalog.json', '.well-known/mcp/catalog.json'])(
    '%s passes the ARD conformance tester with no error and no warning',
    async (file) => {
      expect(await ardConformance(read(file))).toEqual({ errors: [], warnings: [] });
    },
  );

  it('serves ai-catalog.json as the same bytes as ard.json', () => {
    expect(read('.well-known/ai-catalog.json')).toBe(read('.well-known/ard.json'));
  });

  it("lists the MCP server card (static), the agent card, the agent skill and, nested, every file of the site's data and terms", () => {
    const manifest = JSON.parse(read('.well-known/ard.json'));
    const entries = manifest.entries as { type: string; url?: string; data?: { entries: { url: string }[] } }[];
    expect(entries.map((entry) => [entry.type, entry.url])).toEqual([
      ['application/mcp-server-card+json', `${base}/.well-known/mcp/server-card.json`],
      ['application/a2a-agent-card+json', `${base}/.well-known/agent-card.json`],
      ['text/markdown; profile="urn:air:agent-skills"', `${base}/.well-known/agent-skills/fixture-directory/SKILL.md`],
      ['application/ai-catalog+json', undefined],
    ]);
    expect(entries[3]!.data!.entries.map((entry) => entry.url.slice(base.length))).toEqual([
      '/openapi.json',
      '/.well-known/api-catalog',
      '/llms.txt',
      '/api/corpus.jsonl',
      '/license.xml',
      '/api/pricing.json',
      '/api/payment.json',
      '/.well-known/mcp/server.json',
    ]);
    // Every URL an entry names is a file the build wrote.
    for (const url of [...entries.flatMap((entry) => entry.url ?? []), ...entries[3]!.data!.entries.map((e) => e.url)])
      expect(fs.existsSync(path.join(pub, new URL(url).pathname)), url).toBe(true);
  });

  it('lists a skill of several files as the archive the skills index serves, and still passes the tester', async () => {
    const content = copyFixture('minimal');
    fs.cpSync(path.join(fixturesDir, 'skills', 'skills'), path.join(content, 'skills'), { recursive: true });
    const { outDir } = await buildFixture(content);
    const manifest = fs.readFileSync(path.join(outDir, 'public/.well-known/ard.json'), 'utf8');
    expect(await ardConformance(manifest)).toEqual({ errors: [], warnings: [] });
    const skills = (JSON.parse(manifest).entries as { type: string; url?: string }[]).filter((entry) =>
      entry.url?.includes('/agent-skills/'),
    );
    const index = JSON.parse(fs.readFileSync(path.join(outDir, 'public/.well-known/agent-skills/index.json'), 'utf8'));
    expect(skills.map((entry) => entry.url)).toEqual(
      index.skills.map((skill: { url: string }) => `${base}/.well-known/agent-skills/${skill.url}`),
    );
    expect(skills.map((entry) => entry.type)).toContain('application/agent-skills+gzip');
  });

  it("draws each entry's representative queries from the site's own resources", () => {
    const manifest = JSON.parse(read('.well-known/ard.json'));
    const titles = fs
      .readdirSync(path.join(fixturesDir, 'minimal/resources'))
      .map(
        (file) =>
          /^title:\s*(.+)$/m.exec(fs.readFileSync(path.join(fixturesDir, 'minimal/resources', file), 'utf8'))?.[1],
      );
    expect(manifest.entries[0].representativeQueries.some((query: string) => titles.includes(query))).toBe(true);
  });

  it('is advertised by robots.txt, a Link header on every static answer, and a <link> in every page', async () => {
    expect(read('robots.txt')).toContain(`\nAgentmap: ${base}/.well-known/ard.json\n`);
    const rules = parseHeaderRules(read('_headers'));
    expect(headersFor(rules, '/resources/wire-formats').link).toContain(
      `<${base}/.well-known/ard.json>; rel="ard ai-catalog"`,
    );
    for (const page of [
      'index.html',
      'resources/wire-formats/index.html',
      'articles/first-steps/index.html',
      'search/index.html',
    ])
      expect(read(page), page).toContain(
        `<link rel="ard ai-catalog" type="application/json" href="${base}/.well-known/ard.json">`,
      );
    const home = await fetch(serve.url);
    expect(home.headers.get('link')).toContain(`<${base}/.well-known/ard.json>; rel="ard ai-catalog"`);
    const manifest = await fetch(`${serve.url}.well-known/ard.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('site.yaml `discovery`', () => {
  it('leaves out the ARD manifest, its alias and every advertisement of it when `ard` is false', async () => {
    const content = copyFixture('minimal');
    fs.appendFileSync(path.join(content, 'site.yaml'), '\ndiscovery:\n  ard: false\n');
    const off = path.join((await buildFixture(content)).outDir, 'public');
    const text = (file: string) => fs.readFileSync(path.join(off, file), 'utf8');
    expect(fs.existsSync(path.join(off, '.well-known/ard.json'))).toBe(false);
    expect(fs.existsSync(path.join(off, '.well-known/ai-catalog.json'))).toBe(false);
    expect(text('robots.txt')).not.toContain('Agentmap');
    expect(text('_headers')).not.toContain('/.well-known/ard.json');
    expect(text('index.html')).not.toContain('/.well-known/ard.json');
    expect(text('llms.txt')).not.toContain('/.well-known/ard.json');
    // The MCP catalog is not an ARD door: it stays, and stays valid.
    expect(await ardConformance(text('.well-known/mcp/catalog.json'))).toEqual({ errors: [], warnings: [] });
  });
});

describe('the grader', () => {
  it('takes points off a built site whose ard.json breaks the ARD rules, and says why', async () => {
    const { outDir } = await buildFixture(path.join(fixturesDir, 'minimal'));
    const grade = async () => JSON.parse((await gradeCli(outDir, '--format', 'json')).stdout);
    const ardCheck = (report: { extended: { checks: { id: string; details: string }[] } }) =>
      report.extended.checks.find((each) => each.id === 'ard-manifest');
    const before = await grade();
    const weight = ardManifestCheck.weight;
    expect(ardCheck(before)).toMatchObject({ passed: true, weight, score: weight });
    const file = path.join(outDir, 'public/.well-known/ard.json');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"specVersion": "1.0"', '"specVersion": "draft"'));
    const after = await grade();
    // One of the three parts (being there, passing the rules, being advertised) is lost.
    const score = Math.round((weight * 2) / 3);
    expect(ardCheck(after)).toMatchObject({ passed: false, weight, score });
    expect(ardCheck(after)?.details).toContain("breaks ARD's rules at specVersion;");
    expect(after.extended.score).toBe(before.extended.score - (weight - score));
  });
});
