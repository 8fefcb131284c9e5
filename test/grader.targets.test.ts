import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from './helpers/build-fixture.js';
import { fixturesDir, tempDir } from './helpers/fixtures.js';
import { gradeCli } from './helpers/grade-cli.js';
import { startServe } from './helpers/runtimes.js';

interface Report {
  url: string;
  score: number;
  checks: { id: string; score: number; details: string }[];
  extended: { score: number; checks: { id: string; passed: boolean }[] };
  recommendations: { check: string; priority: string; action: string }[];
}

let dist = '';
let served: Awaited<ReturnType<typeof startServe>> | undefined;

beforeAll(async () => {
  // test/fixtures/minimal's site.yaml url is https://fixture.example: not where serve answers.
  dist = (await buildFixture(path.join(fixturesDir, 'minimal'))).outDir;
  served = await startServe(dist, path.join(tempDir(), 'keys.json'));
}, 60_000);
afterAll(async () => {
  await served?.close();
});

describe('agentdir grade <folder> grades the site, not whatever folder it is given', () => {
  it('grades the public/ of a build folder, says so, and scores it as grading dist/public does', async () => {
    const root = await gradeCli(dist, '--format', 'json');
    expect(root.code, root.stderr).toBe(0);
    expect(root.stderr).toMatch(/Grading .*public: .* is an agentdir build, and its site is in public\//);
    const direct = await gradeCli(path.join(dist, 'public'), '--format', 'json');
    const [fromRoot, fromPublic] = [JSON.parse(root.stdout) as Report, JSON.parse(direct.stdout) as Report];
    expect(fromRoot.score).toBe(100);
    expect(fromRoot).toEqual(fromPublic);
  });

  it('grades a build whose worker data is not worker data as its static files, without failing', async () => {
    const copy = path.join(tempDir(), 'dist');
    fs.cpSync(dist, copy, { recursive: true });
    fs.writeFileSync(
      path.join(copy, 'worker', 'data', 'worker-data.json'),
      JSON.stringify({ site: { name: 'Minimal', url: 'https://fixture.example' }, premium: { x: null } }),
    );
    const result = await gradeCli(copy, '--format', 'json');
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.url).toBe('https://fixture.example/');
    expect(report.checks.find((check) => check.id === 'markdown-variants')!.score).toBeGreaterThan(0);
  });

  it('refuses a folder with no site in it (exit 1), saying what it expected and what to pass', async () => {
    const empty = tempDir();
    const result = await gradeCli(empty);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('has no index.html, llms.txt or robots.txt');
    expect(result.stderr).toContain('dist/public');
    expect(result.stderr).toContain('https://');
  });

  it('tells a content folder to be built first', async () => {
    const result = await gradeCli(path.join(fixturesDir, 'minimal'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('agentdir build');
  });

  it('names both possibilities for a target that is neither a folder nor a URL (exit 1)', async () => {
    const result = await gradeCli('nonexistent');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('no folder `nonexistent` here');
    expect(result.stderr).toContain('a URL must start with https://');
    expect(result.stderr).not.toContain('not an absolute URL');
  });

  it('reads the origin of a plain static folder from its llms.txt links, so they are not foreign', async () => {
    const site = tempDir();
    fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>Acme</title>');
    fs.writeFileSync(
      path.join(site, 'llms.txt'),
      '# Acme\n\n> Docs.\n\n## Docs\n\n- [Start](https://acme.example/start.md): begin\n',
    );
    fs.writeFileSync(path.join(site, 'start.md'), '# Start\n');
    const report = JSON.parse((await gradeCli(site, '--format', 'json')).stdout) as Report;
    expect(report.url).toBe('https://acme.example/');
    expect(report.checks.find((check) => check.id === 'markdown-variants')!.score).toBe(15);
    expect(JSON.stringify(report.recommendations)).not.toContain('graded origin');
  });
});

describe('agentdir grade <local agentdir serve> of a build made for another base URL', () => {
  it('names the origin mismatch and judges Markdown variants by their paths, not their origin', async () => {
    const origin = new URL(served!.url).origin;
    const result = await gradeCli(served!.url, '--allow-private', '--format', 'json');
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    expect(Object.keys(report)).toEqual(['tool', 'url', 'score', 'grade', 'checks', 'extended', 'recommendations']);
    expect(report.recommendations[0]).toEqual({
      check: 'llms-txt',
      priority: 'high',
      action: expect.stringContaining(
        `llms.txt links point at https://fixture.example, not at the graded origin ${origin}: rebuild with --base-url ${origin}`,
      ),
    });
    const markdown = report.checks.find((check) => check.id === 'markdown-variants')!;
    expect(markdown.details).toContain('https://fixture.example');
    expect(markdown.score).toBe(15);
    expect(JSON.stringify(report)).not.toContain('None of the 0 llms.txt links');
    // The same files as dist/public: the same score, once the links are read on the graded origin.
    expect(report.score).toBe(100);
    // The extended checks read links the same way; the fixture leaves markdown_negotiation off.
    const failing = report.extended.checks.filter((check) => !check.passed).map((check) => check.id);
    expect(failing).toEqual(['markdown-negotiation']);
  });

  it('prints the mismatch in the human report too', async () => {
    const result = await gradeCli(served!.url, '--allow-private');
    expect(result.stdout).toContain('llms.txt links point at https://fixture.example, not at the graded origin');
    expect(result.stdout).not.toContain('None of the 0 llms.txt links');
  });
});
