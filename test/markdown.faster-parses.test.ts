import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitFrontMatter } from '../src/content/front-matter.js';
import { renderMarkdown } from '../src/markdown/render.js';
import { tempDir } from './helpers/fixtures.js';

// Over 700 documents rendered twice: seconds, past the unit layer's budget, so it runs here; the
// cases of each parse are in test/unit/markdown.render.test.ts.
describe('the faster parses, over every document at hand', () => {
  // Every Markdown file the project has (its own directory, the scaffold, the fixtures) and a
  // sample of each benchmark shape: each renders exactly as it does with all of GFM.
  const markdownFiles = (root: string): string[] =>
    fs.existsSync(root)
      ? fs
          .readdirSync(root, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
          .map((entry) => path.join(entry.parentPath, entry.name))
      : [];

  it('give the HTML, outline, links and words GFM gives', async () => {
    const { generate } = await import('../scripts/bench/generate.mjs');
    const { parseWithGfm } = await import('../src/markdown/processor.js');
    const samples = tempDir();
    for (const shape of ['directory', 'zach']) generate(path.join(samples, shape), { shape, resources: 300 });
    const files = ['content', 'scaffold', 'test/fixtures', samples].flatMap(markdownFiles);
    expect(files.length).toBeGreaterThan(700);
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const split = splitFrontMatter(text);
      const body = split.ok ? split.value.body : text;
      expect(renderMarkdown(body), file).toEqual(renderMarkdown(body, parseWithGfm));
    }
  });
});
