import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { articleEntries, resourceEntries } from '../../src/content/document-entries.js';
import { makeTree } from '../helpers/file-tree.js';
import { tempDir } from '../helpers/fixtures.js';

/** A content folder whose resources/ and articles/ hold every kind of entry a real one can. */
function messyContent(): string {
  const root = path.join(tempDir('agentdir-entries-'), 'content');
  const elsewhere = path.join(path.dirname(root), 'elsewhere');
  return makeTree(root, {
    folders: ['resources/folder.md', 'articles/basics', 'articles/.drafts', `${elsewhere}/guides`],
    files: [
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
    ],
    links: [
      ['nowhere.md', 'resources/broken.md'],
      ['self.md', 'resources/self.md'],
      ['a.md', 'resources/alias.md'],
      [path.join(elsewhere, 'guides'), 'articles/guides'],
      ['..', 'articles/up'],
      ['gone', 'articles/gone'],
      ['loop', 'articles/loop'],
    ],
    pipes: ['resources/pipe.md'],
  });
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
