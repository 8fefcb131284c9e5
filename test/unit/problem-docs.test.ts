import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { problemCatalog } from '../../src/errors/catalog.js';
import { problemDocsBase, problemDocsUrl } from '../../src/errors/problem-docs.js';
import { repoRoot } from '../helpers/fixtures.js';

const docsDir = path.join(repoRoot, 'docs', 'problems');
const codes = Object.keys(problemCatalog) as (keyof typeof problemCatalog)[];

describe('the problem documentation', () => {
  it.each(codes)('has a page for %s, titled with its code and title', (code) => {
    const page = fs.readFileSync(path.join(docsDir, `${code}.md`), 'utf8');
    expect(page.split('\n')[0]).toBe(`# ${code}: ${problemCatalog[code].title}`);
    for (const section of ['## What it means', '## Example', '## How to fix']) expect(page).toContain(section);
  });

  it('has no page for a code the catalog does not have, and an index listing every code', () => {
    const pages = fs.readdirSync(docsDir).filter((name) => name !== 'README.md');
    expect(pages.map((name) => name.replace(/\.md$/, '')).sort()).toEqual([...codes].sort());
    const index = fs.readFileSync(path.join(docsDir, 'README.md'), 'utf8');
    for (const code of codes) expect(index).toContain(`(./${code}.md)`);
  });

  it('links each problem to its page at the tag of the installed version, in the repository named by package.json', () => {
    const { repository, version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      repository: { url: string };
      version: string;
    };
    const web = repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
    expect(problemDocsBase).toBe(`${web}/blob/v${version}/docs/problems/`);
    expect(problemDocsUrl('BrokenInternalLink')).toBe(`${web}/blob/v${version}/docs/problems/BrokenInternalLink.md`);
  });
});
