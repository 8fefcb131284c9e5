import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { walkFolder } from '../../src/util/folder-walk.js';
import { makeTree } from '../helpers/file-tree.js';
import { tempDir } from '../helpers/fixtures.js';

/** A content-like tree with what real folders hold besides documents: dot entries, links of every kind, a pipe. */
function messyTree(): string {
  const root = path.join(tempDir('agentdir-walk-'), 'content');
  const outside = path.join(path.dirname(root), 'outside');
  return makeTree(root, {
    folders: ['resources', 'articles/guides/deep', '.git/objects', 'folder.md', `${outside}/nested`],
    files: [
      'site.yaml',
      'resources/a.md',
      'resources/.a.md.swp',
      'articles/guides/b.md',
      'articles/guides/deep/c.yaml',
      '.git/objects/x',
      `${outside}/y.md`,
      `${outside}/nested/z.md`,
    ],
    links: [
      [outside, 'articles/linked'],
      [path.join(root, 'articles/guides'), 'resources/alias'],
      ['nowhere.md', 'resources/broken.md'],
      [path.join(outside, 'y.md'), 'resources/linked-file.md'],
      ['self.md', 'resources/self.md'],
    ],
    pipes: ['resources/pipe.md'],
  });
}

const listed = (entries: { path: string; isFolder: boolean }[]) =>
  entries.map((entry) => `${entry.path}${entry.isFolder ? '/' : ''}`).sort();

describe('the walk of a folder the up-to-date check digests', () => {
  it('lists what fast-glob lists of every depth, without dot entries, through links, links to nothing included', () => {
    const root = messyTree();
    const globbed = fg.sync('**/*', { cwd: root, dot: false, onlyFiles: false, objectMode: true });
    const expected = listed(globbed.map((entry) => ({ path: entry.path, isFolder: entry.dirent.isDirectory() })));
    expect(listed(walkFolder(root))).toEqual(expected);
    expect(expected).toContain('articles/linked/nested/z.md');
    expect(expected).toContain('resources/alias/deep/c.yaml');
    expect(expected).toContain('resources/broken.md');
    expect(expected).toContain('resources/pipe.md');
    expect(expected).toContain('folder.md/');
    expect(expected.some((entry) => entry.includes('.git') || entry.includes('.swp'))).toBe(false);
  });

  it('lists a link back to a folder it is in without following it', () => {
    const root = messyTree();
    fs.symlinkSync('..', path.join(root, 'articles/guides/up'));
    fs.symlinkSync(root, path.join(root, 'resources/top'));
    const walked = listed(walkFolder(root));
    expect(walked).toContain('articles/guides/up/');
    expect(walked).toContain('resources/top/');
    expect(walked.filter((entry) => /^(?:articles\/guides\/up|resources\/top)\/./.test(entry))).toEqual([]);
    // The rest is listed as before.
    expect(walked).toContain('articles/linked/nested/z.md');
    expect(walked).toContain('resources/alias/deep/c.yaml');
  });

  it('has no entries for a folder that is not there', () => {
    expect(walkFolder(path.join(tempDir('agentdir-walk-'), 'missing'))).toEqual([]);
  });
});
