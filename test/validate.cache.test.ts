import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, fixturesDir, repoRoot, tempDir } from './helpers/fixtures.js';
import { runCli } from './helpers/run-cli.js';

// `agentdir validate` reads and writes the parse cache `agentdir build` keeps: a second run over an
// unchanged folder parses nothing, and says exactly what a run without the cache says.

function run(...args: string[]) {
  return runCli(repoRoot, args, { env: { SOURCE_DATE_EPOCH: '1780272000' } });
}

const formats = ['human', 'json', 'github'] as const;

/** Everything validate reports, in each format: exit code, stdout and stderr. */
function reports(dir: string, ...cacheArgs: string[]) {
  return formats.map((format) => run('validate', dir, '--format', format, ...cacheArgs));
}

/** How many documents `--timings` says came from the cache and were parsed. */
function parseCounts(dir: string, cacheDir: string): { documents: number; cached: number; parsed: number } {
  const { stderr } = run('validate', dir, '--format', 'json', '--cache-dir', cacheDir, '--timings');
  const match = /^documents: (\d+), (\d+) from the parse cache, (\d+) parsed/m.exec(stderr);
  expect(match, stderr).not.toBeNull();
  return { documents: Number(match![1]), cached: Number(match![2]), parsed: Number(match![3]) };
}

/**
 * The minimal fixture with four errors in two files (all-problems/two-files-two-problems-each) and
 * two warnings: a tag site.yaml does not list, and a premium resource the terms no longer name (a
 * check across files).
 */
function contentWithErrorsAndWarnings(): string {
  const dir = copyFixture('minimal');
  const errors = path.join(fixturesDir, 'all-problems', 'two-files-two-problems-each');
  fs.cpSync(errors, dir, { recursive: true, filter: (source) => path.basename(source) !== 'expected.json' });
  edit(dir, 'resources/json-api.md', 'tags: [api]', 'tags: [api, unlisted]');
  edit(dir, 'resources/access-and-pricing.md', '`data-formats` and `json-api`', '`data-formats`');
  return dir;
}

function edit(dir: string, file: string, from: string, to: string): void {
  const target = path.join(dir, file);
  const text = fs.readFileSync(target, 'utf8');
  expect(text).toContain(from);
  fs.writeFileSync(target, text.replace(from, to));
}

const codesOf = (json: string) =>
  (JSON.parse(json) as { problems: { code: string; file: string; severity: string }[] }).problems.map(
    (problem) => `${problem.severity} ${problem.code} ${path.basename(problem.file)}`,
  );

describe('agentdir validate with the parse cache', () => {
  it('after a build, reports byte for byte what a validate without the cache reports, in every format, parsing nothing', () => {
    const dir = contentWithErrorsAndWarnings();
    const cacheDir = path.join(tempDir(), 'cache');
    const cold = reports(dir, '--no-cache');
    expect(codesOf(cold[1]!.stdout)).toEqual([
      'error SchemaViolation next-steps.md',
      'error UnknownRelatedResource next-steps.md',
      'warning PremiumNotAnnounced access-and-pricing.md',
      'warning UnknownTag json-api.md',
      'error SchemaViolation wire-formats.md',
      'error BrokenInternalLink wire-formats.md',
    ]);
    expect(cold.map((report) => report.code)).toEqual([1, 1, 1]);
    // The build stops at the errors, but not before it has cached every document it parsed.
    expect(run('build', dir, '--out', path.join(tempDir(), 'dist'), '--cache-dir', cacheDir).code).toBe(1);
    expect(parseCounts(dir, cacheDir)).toEqual({ documents: 8, cached: 8, parsed: 0 });
    expect(reports(dir, '--cache-dir', cacheDir)).toEqual(cold);
  });

  it('after a validate, reports the same again, every document from the cache', () => {
    const dir = contentWithErrorsAndWarnings();
    const cacheDir = path.join(tempDir(), 'cache');
    const cold = reports(dir, '--no-cache');
    expect(parseCounts(dir, cacheDir)).toEqual({ documents: 8, cached: 0, parsed: 8 });
    expect(parseCounts(dir, cacheDir)).toEqual({ documents: 8, cached: 8, parsed: 0 });
    expect(reports(dir, '--cache-dir', cacheDir)).toEqual(cold);
  });

  it('`--no-cache` neither reads nor writes the cache', () => {
    const dir = contentWithErrorsAndWarnings();
    const cacheDir = path.join(tempDir(), 'cache');
    run('validate', dir, '--no-cache', '--cache-dir', cacheDir);
    expect(fs.existsSync(cacheDir)).toBe(false);
  });

  it('picks up an edit: only the edited file is parsed again, its fixed problem goes, new ones appear, across files too', () => {
    const dir = contentWithErrorsAndWarnings();
    const cacheDir = path.join(tempDir(), 'cache');
    expect(parseCounts(dir, cacheDir).parsed).toBe(8);
    // Fix the bad date, add a tag site.yaml does not list, and rename the section getting-started.md links to.
    edit(dir, 'resources/wire-formats.md', 'updated: yesterday', 'updated: 2026-05-05');
    edit(dir, 'resources/wire-formats.md', 'tags: [formats, mcp]', 'tags: [formats, mcp, unheard]');
    edit(dir, 'resources/wire-formats.md', '## Field notes', '## Field remarks');
    expect(parseCounts(dir, cacheDir)).toEqual({ documents: 8, cached: 7, parsed: 1 });
    const warm = reports(dir, '--cache-dir', cacheDir);
    expect(warm).toEqual(reports(dir, '--no-cache'));
    expect(codesOf(warm[1]!.stdout)).toEqual([
      'error SchemaViolation next-steps.md',
      'error UnknownRelatedResource next-steps.md',
      'warning PremiumNotAnnounced access-and-pricing.md',
      // getting-started.md came from the cache; its link into the edited file is checked all the same.
      'error BrokenInternalLink getting-started.md',
      'warning UnknownTag json-api.md',
      'warning UnknownTag wire-formats.md',
      'error BrokenInternalLink wire-formats.md',
    ]);
  });
});
