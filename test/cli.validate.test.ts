import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliPath, copyFixture, fixturesDir, readTree, repoRoot, tempDir } from './helpers/fixtures.js';
import { runCli } from './helpers/run-cli.js';

function run(...args: string[]) {
  return runCli(repoRoot, args, { env: { SOURCE_DATE_EPOCH: '1780272000' } });
}

/** The minimal fixture with `tags: mcp` (a string where a list belongs) on line 5 of wire-formats.md. */
function wrongTypeContent(): string {
  const dir = copyFixture('minimal');
  fs.cpSync(path.join(fixturesDir, 'broken/wrong-type'), dir, { recursive: true });
  fs.rmSync(path.join(dir, 'expected.json'));
  return dir;
}

describe('agentdir validate', () => {
  it('exits 0 and says so on valid content', () => {
    const result = run('validate', path.join(fixturesDir, 'minimal'));
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('No problems found.\n');
    expect(result.stderr).toBe('');
  });

  it('prints nothing on valid content with --quiet', () => {
    const result = run('validate', path.join(fixturesDir, 'minimal'), '--quiet');
    expect(result.code).toBe(0);
    expect(result.stdout + result.stderr).toBe('');
  });

  it('colours its report when FORCE_COLOR is set, even into a pipe', () => {
    const dir = wrongTypeContent();
    const result = spawnSync(process.execPath, [cliPath, 'validate', dir], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, FORCE_COLOR: '1' },
    });
    expect(result.stderr).toContain('\u001b[31merror');
  });

  it('prints file:line:column, the message, the offending line with a caret and a hint, and exits 1', () => {
    const dir = wrongTypeContent();
    const result = run('validate', dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/wire-formats\.md:5:7 {2}error {2}`tags` must be a list of strings {2}\(got "mcp"\)/);
    expect(result.stderr).toContain('    5 | tags: mcp\n      |       ^');
    expect(result.stderr).toContain('hint: A list of lowercase kebab-case tags');
    expect(result.stderr).toContain('1 error, 0 warnings in 1 file.');
  });

  it('prints the same problems as JSON with --format json', () => {
    const result = run('validate', wrongTypeContent(), '--format', 'json');
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { ok: boolean; errors: number; problems: Record<string, unknown>[] };
    expect(report.ok).toBe(false);
    expect(report.errors).toBe(1);
    expect(report.problems[0]).toMatchObject({
      code: 'SchemaViolation',
      severity: 'error',
      line: 5,
      column: 7,
      field: 'tags',
      title: 'Field does not match the schema',
    });
  });

  it('prints GitHub workflow annotations with --format github', () => {
    const result = run('validate', wrongTypeContent(), '--format', 'github');
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^::error file=[^,]*wire-formats\.md,line=5,col=7,title=SchemaViolation%3A Field does not match the schema::`tags` must be a list of strings/,
    );
  });

  it('reports warnings without failing', () => {
    const dir = copyFixture('minimal');
    const file = path.join(dir, 'resources/wire-formats.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('tags: [formats, mcp]', 'tags: [formats, unlisted]'));
    const result = run('validate', dir, '--format', 'json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).problems[0]).toMatchObject({
      code: 'UnknownTag',
      severity: 'warning',
      field: 'tags.1',
    });
  });

  it('rejects an unknown --format', () => {
    const result = run('validate', path.join(fixturesDir, 'minimal'), '--format', 'xml');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('Allowed choices are human, json, github');
  });
});

describe('agentdir build', () => {
  it('builds into --out and reports what it wrote', () => {
    const out = path.join(tempDir(), 'site');
    const result = run('build', path.join(fixturesDir, 'minimal'), '--out', out);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Built 5 resources and 3 articles into .*site\/ \(\d+ files, \d+ KiB\) in [\d.]+s\.\nWorker: [\d.]+ KiB of code \(budget \d+ KiB\) \+ [\d.]+ KiB of premium data\.\nAgent readiness: 100\/100 \(A\), extended checks \d+\/100\.\n$/,
    );
    expect(fs.existsSync(path.join(out, 'public/llms.txt'))).toBe(true);
  });

  it('after an edit, an incremental build reports what it wrote and what it kept', () => {
    const dir = copyFixture('minimal');
    const out = path.join(tempDir(), 'site');
    const cache = path.join(tempDir(), 'cache');
    expect(run('build', dir, '--out', out, '--cache-dir', cache).code).toBe(0);
    const file = path.join(dir, 'resources/wire-formats.md');
    fs.appendFileSync(file, '\nOne more sentence.\n');
    const result = run('build', dir, '--out', out, '--cache-dir', cache);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/\(\d+ files written \(\d+ KiB\), \d+ kept\)/);
  });

  it('grades output that serve --watch built (it skips the grade) instead of calling it up to date', async () => {
    const dir = copyFixture('minimal');
    const out = path.join(tempDir(), 'site');
    const cache = path.join(tempDir(), 'cache');
    const { buildUnlessUpToDate } = await import('../src/serve/site-build.js');
    const watched = await buildUnlessUpToDate({
      contentDir: dir,
      dist: out,
      cacheDir: cache,
      sourceDateEpoch: '1780272000',
    });
    expect(watched.upToDate === false && watched.result.grade).toBeUndefined();
    const graded = run('build', dir, '--out', out, '--cache-dir', cache);
    expect(graded.stdout).toContain('Agent readiness: 100/100 (A)');
    // Now the manifest has the grade: the next build is up to date and says it.
    expect(run('build', dir, '--out', out, '--cache-dir', cache).stdout).toMatch(
      /^Up to date: [\s\S]*Agent readiness: 100\/100/,
    );
  });

  it('stops on content errors, says so, and leaves the previous output exactly as it was', () => {
    const out = path.join(tempDir(), 'site');
    expect(run('build', path.join(fixturesDir, 'minimal'), '--out', out).code).toBe(0);
    const before = readTree(out);
    const result = run('build', wrongTypeContent(), '--out', out);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Build stopped: fix the errors above.');
    expect(readTree(out)).toEqual(before);
  });

  it('prints help listing the commands', () => {
    const result = run('--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('validate [options] [contentDir]');
    expect(result.stdout).toContain('build [options] [contentDir]');
  });
});
