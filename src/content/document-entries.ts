import fg from 'fast-glob';

/**
 * Every entry named like a document, not only the regular files: fast-glob's default (`onlyFiles`)
 * would leave out a pipe, a socket, a device, a broken or looping symlink and a folder named `x.md`
 * without a word. Listed, each is refused by checkContentFile with a problem that says what it is.
 */
const everyEntry = { onlyFiles: false, absolute: true } as const;

/** `resources/*.md` of the content folder `dir`, sorted. */
export async function resourceEntries(dir: string): Promise<string[]> {
  return (await fg('resources/*.md', { ...everyEntry, cwd: dir })).sort();
}

/** `articles/<cluster>/*.md` of the content folder `dir`, sorted. */
export async function articleEntries(dir: string): Promise<string[]> {
  return (await fg('articles/*/*.md', { ...everyEntry, cwd: dir })).sort();
}
