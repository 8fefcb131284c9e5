import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../src/content/load-content.js';
import { buildFixture } from './helpers/build-fixture.js';
import { copyFixture } from './helpers/fixtures.js';

function withTitle(title: string): string {
  const dir = copyFixture('minimal');
  const file = path.join(dir, 'resources', 'wire-formats.md');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^title: .*$/m, `title: ${title}`));
  return dir;
}

describe('titles in Markdown outputs stay one link text and one line', () => {
  it('a title with brackets and `](` cannot rewrite its llms.txt link', async () => {
    const dir = withTitle(JSON.stringify('Arrays [and] maps](https://evil.example/x) more'));
    const { outDir } = await buildFixture(dir);
    const llms = fs.readFileSync(path.join(outDir, 'public', 'llms.txt'), 'utf8');
    const line = llms.split('\n').find((text) => text.includes('Arrays'))!;
    // The link's target is the first unescaped `](`: it must be the resource's own Markdown URL.
    const target = /^- \[(?:\\.|[^\\\]])*\]\(([^)]*)\)/.exec(line)?.[1];
    expect(target).toMatch(/\/resources\/wire-formats\.md$/);
    expect(line).toContain('maps\\](https://evil');
  });

  it('a title written over several lines is a located problem', async () => {
    const dir = withTitle('|\n  First line\n  ## Injected section');
    const { model, problems } = await loadContent(dir, { threads: false });
    expect(model).toBeUndefined();
    expect(problems.find((problem) => problem.field === 'title')).toMatchObject({
      code: 'LineBreakInField',
      message: expect.stringContaining('must fit on one line'),
    });
  });
});
