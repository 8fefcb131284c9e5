import fs from 'node:fs';
import { folderPrefix } from '../util/folder-prefix.js';
import { globVisible, linkedFolder } from '../util/folder-walk.js';

// Every entry named like a document, not only the regular files: a pipe, a socket, a device, a
// broken or looping symlink and a folder named `x.md` are listed, and each is then refused by
// checkContentFile with a problem that says what it is. The entries are those fast-glob gives for
// `resources/*.md` and `articles/*/*.md` (with `onlyFiles: false`): names starting with a dot left
// out, folders reached through links read like the others. Read here from the folders themselves:
// fast-glob took 50-70 ms of every build at 4,000 resources for what two reads of a folder give in 5.

/** `resources/*.md` of the content folder `dir`, sorted. */
export async function resourceEntries(dir: string): Promise<string[]> {
  return documentsIn(`${folderPrefix(dir)}resources`).sort();
}

/** `articles/<cluster>/*.md` of the content folder `dir`, sorted. */
export async function articleEntries(dir: string): Promise<string[]> {
  const articles = `${folderPrefix(dir)}articles`;
  const clusters = entriesOf(articles).filter((entry) => globVisible(entry.name) && leadsToFolder(articles, entry));
  return clusters.flatMap((cluster) => documentsIn(`${articles}/${cluster.name}`)).sort();
}

/** The entries of `folder` named `*.md`, as absolute paths. */
function documentsIn(folder: string): string[] {
  return entriesOf(folder)
    .filter(({ name }) => globVisible(name) && name.endsWith('.md'))
    .map(({ name }) => `${folder}/${name}`);
}

/** What `folder` holds; nothing when it is not there or not a folder (as fast-glob, which fails on any other error too). */
function entriesOf(folder: string): fs.Dirent[] {
  try {
    return fs.readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
}

/** A folder, or a link to one (a broken or looping link leads to none: the entry is reported elsewhere). */
function leadsToFolder(parent: string, entry: fs.Dirent): boolean {
  return entry.isDirectory() || (entry.isSymbolicLink() && linkedFolder(`${parent}/${entry.name}`) !== undefined);
}
