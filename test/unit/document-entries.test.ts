import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { articleEntries, resourceEntries } from '../../src/content/document-entries.js';
import { tempDir } from '../helpers/fixtures.js';

/** A content folder whose resources/ and articles/ hold every kind of entry a real one can. */
function messyContent(): string {
  const root = path.join(tempDir('agentdir-entries-'), 'content');
  const elsewhere = path.join(path.dirname(root), 'elsewhere');
  for (const folder of ['resources/folder.md', 'articles/basics', 'articles/.drafts', `${elsewhere}/guides`])
    fs.mkdirSync(path.resolve(root, folder), { recursive: true });
  for (const file of [
    'resources/a.md',
    'resources/b.md',
    'resources/.b.md.swp',
    'resources/.hidden.md',
    'resources/notes.txt',
    'resources/upper.MD',
    'articles/basics/pillar.md',
    'articles/basics/cluster.yaml',
    'articles/.drafts/draft.md',
    'articles/stray.md',
    'top.md',
    `${elsewhere}/guides/linked.md`,
  ])
    fs.writeFileSync(path.resolve(root, file), 'text');
  fs.symlinkSync('nowhere.md', path.join(root, 'resources/broken.md'));
  fs.symlinkSync('self.md', path.join(root, 'resources/self.md'));
  fs.symlinkSync('a.md', path.join(root, 'resources/alias.md'));
  execFileSync('mkfifo', [path.join(root, 'resources/pipe.md')]);
  fs.symlinkSync(path.join(elsewhere, 'guides'), path.join(root, 'articles/guides'));
  fs.symlinkSync('..', path.join(root, 'articles/up'));
  fs.symlinkSync('gone', path.join(root, 'articles/gone'));
  fs.symlinkSync('loop', path.join(root, 'articles/loop'));
  return root;
}

const globbed = (pattern: string, cwd: string) => fg.sync(pattern, { onlyFiles: false, absolute: true, cwd }).sort();

describe('the document entries of a content folder', () => {
  it('are those fast-glob gives for resources/*.md and articles/*/*.md, links, pipes and folders included', async () => {
    const root = messyContent();
    const resources = await resourceEntries(root);
    expect(resources).toEqual(globbed('resources/*.md', root));
    expect(resources.map((file) => path.basename(file))).toEqual([
      'a.md',
      'alias.md',
      'b.md',
      'broken.md',
      'folder.md',
      'pipe.md',
      'self.md',
    ]);
    const articles = await articleEntries(root);
    expect(articles).toEqual(globbed('articles/*/*.md', root));
    expect(articles.map((file) => path.relative(root, file))).toEqual([
      'articles/basics/pillar.md',
      'articles/guides/linked.md',
      'articles/up/top.md',
    ]);
  });

  it('are none when the folders are not there', async () => {
    const root = tempDir('agentdir-entries-');
    expect(await resourceEntries(root)).toEqual([]);
    expect(await articleEntries(root)).toEqual([]);
    fs.writeFileSync(path.join(root, 'resources'), 'a file where the folder would be');
    expect(await resourceEntries(root)).toEqual([]);
  });
});
