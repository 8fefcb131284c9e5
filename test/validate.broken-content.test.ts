import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../src/compile/build.js';
import { loadContent } from '../src/content/load-content.js';
import { buildFixture } from './helpers/build-fixture.js';
import { copyFixture, fixturesDir, readTree, tempDir } from './helpers/fixtures.js';

interface Expected {
  code: string;
  file: string;
  line?: number;
  column?: number;
  field?: string;
  message?: string;
  hint?: string;
  remove?: string[];
}

const brokenDir = path.join(fixturesDir, 'broken');
const cases = fs.readdirSync(brokenDir).sort();

/** The minimal fixture with one broken case laid over it: its files replace or add, `remove` deletes. */
function brokenContent(name: string): { dir: string; expected: Expected } {
  const dir = copyFixture('minimal');
  const caseDir = path.join(brokenDir, name);
  const expected = JSON.parse(fs.readFileSync(path.join(caseDir, 'expected.json'), 'utf8')) as Expected;
  for (const entry of fs.readdirSync(caseDir)) {
    if (entry !== 'expected.json') fs.cpSync(path.join(caseDir, entry), path.join(dir, entry), { recursive: true });
  }
  for (const file of expected.remove ?? []) fs.rmSync(path.join(dir, file));
  return { dir, expected };
}

describe('validate: broken content gives a located, actionable error', () => {
  it('has at least 15 broken-content cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(15);
  });

  it('accepts the minimal fixture without any problem', async () => {
    const { problems } = await loadContent(path.join(fixturesDir, 'minimal'));
    expect(problems).toEqual([]);
  });

  it.each(cases)('%s', async (name) => {
    const { dir, expected } = brokenContent(name);
    const { model, problems } = await loadContent(dir);
    expect(model).toBeUndefined();
    const file = path.join(dir, expected.file);
    const match = problems.find((problem) => problem.code === expected.code && path.resolve(problem.file) === file);
    expect(
      match,
      `no ${expected.code} in ${expected.file}; got:\n${problems.map((problem) => `${problem.code} ${problem.file}:${problem.line}:${problem.column} ${problem.message}`).join('\n')}`,
    ).toBeDefined();
    expect(match!.severity).toBe('error');
    if (expected.line !== undefined) expect(match!.line).toBe(expected.line);
    if (expected.column !== undefined) expect(match!.column).toBe(expected.column);
    if (expected.field !== undefined) expect(match!.field).toBe(expected.field);
    if (expected.message !== undefined) expect(match!.message).toContain(expected.message);
    if (expected.hint !== undefined) expect(match!.hint).toContain(expected.hint);
    expect(match!.message.length).toBeGreaterThan(10);
    expect(match!.hint.length).toBeGreaterThan(10);
  });
});

describe('build: broken content leaves the previous dist/ untouched', () => {
  it.each(cases)('%s', async (name) => {
    const outDir = path.join(tempDir(), 'dist');
    await buildFixture(path.join(fixturesDir, 'minimal'), outDir);
    const before = readTree(outDir);
    const { dir } = brokenContent(name);
    const result = await build({ contentDir: dir, outDir });
    expect(result.ok).toBe(false);
    expect(readTree(outDir)).toEqual(before);
    expect(fs.readdirSync(path.dirname(outDir))).toEqual(['dist']);
  });
});
