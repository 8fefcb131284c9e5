import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../src/compile/build.js';
import { loadContent } from '../src/content/load-content.js';
import type { Problem } from '../src/errors/problem.js';
import { copyFixture, fixturesDir, tempDir } from './helpers/fixtures.js';

// Issue "Real users' first hour", item 3: a schema error must not hide the other problems of a file.

interface ExpectedProblem {
  code: string;
  file: string;
  line: number;
  column: number;
  field: string;
}

const casesDir = path.join(fixturesDir, 'all-problems');

/** The minimal fixture with one case's files laid over it, and the complete list of problems it must give. */
function caseContent(name: string): { dir: string; expected: ExpectedProblem[] } {
  const dir = copyFixture('minimal');
  const caseDir = path.join(casesDir, name);
  for (const entry of fs.readdirSync(caseDir)) {
    if (entry !== 'expected.json') fs.cpSync(path.join(caseDir, entry), path.join(dir, entry), { recursive: true });
  }
  const expected = (
    JSON.parse(fs.readFileSync(path.join(caseDir, 'expected.json'), 'utf8')) as { problems: ExpectedProblem[] }
  ).problems;
  return { dir, expected };
}

/** Problems as the test compares them: where, what, relative to the content folder. */
function located(dir: string, problems: Problem[]): ExpectedProblem[] {
  return problems.map(({ code, file, line, column, field }) => ({
    code,
    file: path.relative(dir, path.resolve(file)).split(path.sep).join('/'),
    line,
    column,
    field,
  }));
}

async function problemsOf(name: string, options: { cacheDir?: string } = {}) {
  const { dir, expected } = caseContent(name);
  const result = await loadContent(dir, { threads: false, ...options });
  return { dir, expected, ...result, actual: located(dir, result.problems) };
}

describe('validate: one run reports every problem of every file', () => {
  it.each([
    [
      'a bad `updated` date and a broken #anchor link in the same file: both, with their lines',
      'bad-date-and-broken-anchor',
    ],
    ['a malformed tag and an unknown category in the same file: both', 'malformed-tag-and-unknown-category'],
    [
      'an invalid file name: InvalidFileName, and the front matter and body problems of that file too',
      'invalid-file-name-and-more',
    ],
    ['two files with two problems each: all four', 'two-files-two-problems-each'],
    ['a YAML syntax error does not hide a broken #anchor link in the body', 'yaml-syntax-and-broken-anchor'],
    [
      'a cluster.yaml that fails its schema does not hide a broken link in one of its articles',
      'cluster-problem-and-article-link',
    ],
    [
      'fields of the wrong type or missing (tags as a string, no category, a bad premium, kind or order): no crash, no cascade',
      'wrong-types-no-cascade',
    ],
    [
      'audience controls: an unknown value or marker, passages nested, unclosed or never opened, a marker in a list, a premium page for people',
      'audience-controls',
    ],
  ])('%s', async (_title, name) => {
    const { model, expected, actual } = await problemsOf(name);
    // Exactly these, in the usual order: nothing hidden, nothing twice, no cascade.
    expect(actual).toEqual(expected);
    expect(model).toBeUndefined();
  });

  it('a file with a schema error causes no BrokenInternalLink (or missing pillar) in the files that link to it and its anchors', async () => {
    const { model, expected, actual } = await problemsOf('no-cascade-from-schema-errors');
    expect(actual).toEqual(expected);
    expect(actual.map((problem) => problem.code)).toEqual(['SchemaViolation', 'SchemaViolation']);
    expect(model).toBeUndefined();
  });

  it('a link to an anchor that a file with a schema error does not have is still reported', async () => {
    const { expected, actual } = await problemsOf('anchor-into-schema-error');
    expect(actual).toEqual(expected);
    expect(actual.find((problem) => problem.code === 'BrokenInternalLink')?.file).toBe('resources/getting-started.md');
  });

  it('gives the same problems when every document comes from the parse cache', async () => {
    const { dir, expected } = caseContent('two-files-two-problems-each');
    const cacheDir = tempDir();
    const first = await loadContent(dir, { threads: false, cacheDir });
    const second = await loadContent(dir, { threads: false, cacheDir });
    expect(second.stats?.cached).toBe(second.stats?.documents);
    expect(located(dir, first.problems)).toEqual(expected);
    expect(located(dir, second.problems)).toEqual(expected);
  });

  it('build refuses the content and reports the same problems as validate', async () => {
    const { dir, expected } = caseContent('bad-date-and-broken-anchor');
    const result = await build({ contentDir: dir, outDir: path.join(tempDir(), 'dist') });
    expect(result.ok).toBe(false);
    expect(located(dir, result.problems)).toEqual(expected);
  });
});
