import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/load-content.js';
import { maxNestingDepth } from '../../src/content/nesting-limit.js';
import { copyFixture } from '../helpers/fixtures.js';

/** The minimal fixture with the body (or front matter) of wire-formats.md replaced. */
function withResource(change: (text: string) => string): { dir: string; file: string } {
  const dir = copyFixture('minimal');
  const file = path.join(dir, 'resources', 'wire-formats.md');
  fs.writeFileSync(file, change(fs.readFileSync(file, 'utf8')));
  return { dir, file };
}

const appendBody = (extra: string) => (text: string) => `${text}\n\n${extra}\n`;
const nestedList = (levels: number) =>
  Array.from({ length: levels }, (_, level) => `${'  '.repeat(level)}- level ${level}`).join('\n');

describe('validate: content nested past the limit is a located problem, found in well under a second', () => {
  it.each([
    ['20,000 nested blockquote markers', appendBody(`${'>'.repeat(20_000)} deep`), 'Markdown'],
    ['1,000 nested list levels', appendBody(nestedList(1_000)), 'Markdown'],
    [
      '100,000 open brackets in front matter',
      (text: string) => text.replace(/^tags: .*$/m, `tags: ${'['.repeat(100_000)}`),
      'YAML',
    ],
  ])('%s', async (_name, change, kind) => {
    const { dir, file } = withResource(change);
    const started = performance.now();
    const { model, problems } = await loadContent(dir, { threads: false });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(model).toBeUndefined();
    const problem = problems.find((item) => item.code === 'NestingTooDeep');
    expect(problem).toMatchObject({ severity: 'error', file: expect.stringContaining('wire-formats.md') });
    expect(path.resolve(problem!.file)).toBe(file);
    expect(problem!.line).toBeGreaterThan(1);
    expect(problem!.message).toContain(`${kind} nests more than ${maxNestingDepth} levels`);
  });

  it('a site.yaml nested past the limit', async () => {
    const dir = copyFixture('minimal');
    fs.appendFileSync(path.join(dir, 'site.yaml'), `extra: ${'{a: '.repeat(5_000)}\n`);
    const { problems } = await loadContent(dir, { threads: false });
    expect(problems.find((item) => item.code === 'NestingTooDeep')?.file).toContain('site.yaml');
  });

  it('nesting within the limit, and deep indentation inside fenced code, render as usual', async () => {
    const code = `\`\`\`text\n${' '.repeat(400)}indented code\n\`\`\``;
    const { dir } = withResource(appendBody(`${nestedList(20)}\n\n${'> '.repeat(30)}quoted\n\n${code}`));
    const { model, problems } = await loadContent(dir, { threads: false });
    expect(problems.filter((item) => item.severity === 'error')).toEqual([]);
    expect(model!.resources.find((resource) => resource.slug === 'wire-formats')).toBeDefined();
  });
});
