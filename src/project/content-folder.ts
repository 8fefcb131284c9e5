import fs from 'node:fs';
import path from 'node:path';
import type { ProblemArgs } from '../errors/catalog.js';
import { createProblem, type Problem } from '../errors/problem.js';
import { displayPath } from '../util/paths.js';

/** How many folders a hint suggests at most. */
const suggestions = 3;

const holdsSite = (folder: string) => fs.existsSync(path.join(folder, 'site.yaml'));

/** The folders in `parent` (not hidden, not node_modules) that hold a site.yaml. */
function siteFoldersIn(parent: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(parent, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .map((entry) => path.join(parent, entry.name))
    .filter(holdsSite)
    .sort();
}

/**
 * The content folders a missing `dir` was likely meant to be: the working folder itself when it
 * holds a site.yaml, and the folders beside `dir` and in the working folder that do.
 */
export function nearbyContentFolders(dir: string, cwd = process.cwd()): string[] {
  const found = [
    ...(holdsSite(cwd) ? [cwd] : []),
    ...siteFoldersIn(path.dirname(path.resolve(cwd, dir))),
    ...siteFoldersIn(cwd),
  ];
  return [...new Set(found.map((folder) => displayPath(folder, cwd) || '.'))].slice(0, suggestions);
}

/**
 * Checked before any work: a content folder that is not there is said to be missing, with the
 * folders likely meant, rather than reported as a folder without a site.yaml.
 */
export function contentFolderProblem(
  dir: string,
  named: ProblemArgs<'MissingContentFolder'>['named'],
  cwd = process.cwd(),
): Problem | null {
  const stat = fs.statSync(path.resolve(cwd, dir), { throwIfNoEntry: false });
  if (stat?.isDirectory()) return null;
  const folder = displayPath(path.resolve(cwd, dir), cwd) || '.';
  const reason = stat ? 'file' : 'missing';
  return createProblem(
    'MissingContentFolder',
    { folder, named, reason, nearby: nearbyContentFolders(dir, cwd) },
    { file: folder },
  );
}
