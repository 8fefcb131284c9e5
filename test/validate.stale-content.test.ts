import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, repoRoot } from './helpers/fixtures.js';
import { runCli } from './helpers/run-cli.js';

// site.yaml `review_after`: documents older than that, counted back from SOURCE_DATE_EPOCH
// (2026-06-01 here) or today, get a StaleContent warning at their `updated` field.
const reviewDate = '1780272000';

function run(...args: string[]) {
  return runCli(repoRoot, args, { env: { SOURCE_DATE_EPOCH: reviewDate } });
}

/** The minimal fixture with wire-formats.md last updated 2025-01-10 (line 6), and `review_after` when given. */
function staleContent(reviewAfter?: string): string {
  const dir = copyFixture('minimal');
  const file = path.join(dir, 'resources', 'wire-formats.md');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('updated: 2026-05-05', 'updated: 2025-01-10'));
  if (reviewAfter) fs.appendFileSync(path.join(dir, 'site.yaml'), `\nreview_after: ${reviewAfter}\n`);
  return dir;
}

describe('validate: stale content', () => {
  it('warns at the `updated` field of a document older than review_after, in the human format', () => {
    const result = run('validate', staleContent('180d'));
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'resources/wire-formats.md:6:10  warning  `updated` (2025-01-10) is more than 180d before 2026-06-01',
    );
    expect(result.stderr).toContain('[StaleContent: Due for review]');
    expect(result.stderr).toContain('0 errors, 1 warning in 1 file.');
  });

  it('carries the warning in --format json and --format github', () => {
    const dir = staleContent('6m');
    const json = JSON.parse(run('validate', dir, '--format', 'json').stdout);
    expect(json.problems).toEqual([
      expect.objectContaining({
        code: 'StaleContent',
        severity: 'warning',
        file: expect.stringMatching(/resources\/wire-formats\.md$/),
        line: 6,
        column: 10,
        field: 'updated',
      }),
    ]);
    const github = run('validate', dir, '--format', 'github');
    expect(github.stdout + github.stderr).toMatch(
      /::warning file=[^,]*resources\/wire-formats\.md,line=6,col=10[^:]*::.*StaleContent/,
    );
  });

  it('checks guides too, each at its own `updated` line', () => {
    const dir = copyFixture('minimal');
    // 100 days before 2026-06-01 is 2026-02-21: the three guides (February) are older, the resources are not.
    fs.appendFileSync(path.join(dir, 'site.yaml'), '\nreview_after: 100d\n');
    const { problems } = JSON.parse(run('validate', dir, '--format', 'json').stdout);
    expect(
      problems.map((problem: Record<string, unknown>) => [
        problem.code,
        path.basename(String(problem.file)),
        problem.line,
        problem.field,
      ]),
    ).toEqual([
      ['StaleContent', 'basics-guide.md', 13, 'updated'],
      ['StaleContent', 'first-steps.md', 7, 'updated'],
      ['StaleContent', 'next-steps.md', 8, 'updated'],
    ]);
  });

  it('says nothing without review_after, or when the document is within it', () => {
    expect(run('validate', staleContent()).stdout).toBe('No problems found.\n');
    expect(run('validate', staleContent('2y')).stdout).toBe('No problems found.\n');
  });

  it('warns from agentdir build too, and the build succeeds', () => {
    const dir = staleContent('1y');
    const out = path.join(path.dirname(dir), 'stale-dist');
    const result = run('build', dir, '--out', out, '--base-url', 'https://fixture.example');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('StaleContent');
  });
});
