import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { problemCatalog } from '../../src/errors/catalog.js';
import { problemDocsBase, problemDocsUrl } from '../../src/errors/problem-docs.js';
import { repoRoot, tempDir } from '../helpers/fixtures.js';

const docsDir = path.join(repoRoot, 'docs', 'problems');
const codes = Object.keys(problemCatalog) as (keyof typeof problemCatalog)[];

// A non-literal specifier: the script is plain JavaScript, typed here by hand.
const script = '../../scripts/docs-problems.mjs';
const { problemDocs } = (await import(script)) as {
  problemDocs: (
    catalog: Record<string, { title: string }>,
    dir?: string,
  ) => { files: Map<string, string>; problems: string[] };
};

/** A copy of docs/problems/ to spoil. */
function docsCopy(): string {
  const dir = path.join(tempDir(), 'problems');
  fs.cpSync(docsDir, dir, { recursive: true });
  return dir;
}

/** The files of `dir` that differ from what `npm run docs:problems` would write there. */
function behind(dir: string): string[] {
  const { files } = problemDocs(problemCatalog, dir);
  return [...files]
    .filter(([name, text]) => fs.readFileSync(path.join(dir, name), 'utf8') !== text)
    .map(([name]) => name);
}

describe('the problem documentation', () => {
  it.each(codes)('has a page for %s with what it means, an example and how to fix it', (code) => {
    const page = fs.readFileSync(path.join(docsDir, `${code}.md`), 'utf8');
    for (const section of ['## What it means', '## Example', '## How to fix']) expect(page).toContain(section);
  });

  it('is what `npm run docs:problems` writes from the catalog: every title, and the index of every code', () => {
    const { problems } = problemDocs(problemCatalog);
    expect(problems, 'see scripts/docs-problems.mjs').toEqual([]);
    expect(behind(docsDir), 'run `npm run docs:problems` and commit the result').toEqual([]);
    const pages = fs.readdirSync(docsDir).filter((name) => name !== 'README.md');
    expect(pages.map((name) => name.replace(/\.md$/, '')).sort()).toEqual([...codes].sort());
  });

  it('is found behind the catalog when the title of a page or a row of the index says otherwise', () => {
    const dir = docsCopy();
    const page = path.join(dir, 'EmptyBody.md');
    fs.writeFileSync(page, fs.readFileSync(page, 'utf8').replace(/^# EmptyBody: .*/, '# EmptyBody: Body is blank'));
    const index = path.join(dir, 'README.md');
    fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('| Slug is used twice |', '| Slug used twice |'));
    expect(behind(dir).sort()).toEqual(['EmptyBody.md', 'README.md']);
  });

  it('names a code of the catalog without a page, and a page without a code', () => {
    const dir = docsCopy();
    fs.rmSync(path.join(dir, 'EmptyBody.md'));
    fs.writeFileSync(path.join(dir, 'RetiredProblem.md'), '# RetiredProblem: Gone\n\n**Severity:** error\n');
    const { problems, files } = problemDocs(problemCatalog, dir);
    expect(problems).toEqual([
      expect.stringContaining('EmptyBody.md is missing: the catalog has the code `EmptyBody`.'),
      expect.stringContaining('RetiredProblem.md documents no code of the catalog'),
    ]);
    expect(files.get('README.md')).not.toContain('[`EmptyBody`](./EmptyBody.md)');
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
