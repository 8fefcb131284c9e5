import fs from 'node:fs';
import path from 'node:path';
import { createProblem, type Problem } from '../errors/problem.js';
import { closestName } from '../util/closest-name.js';
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
  const target = path.resolve(cwd, dir);
  const found = [...new Set([...siteFoldersIn(path.dirname(target)), ...siteFoldersIn(cwd)])];
  // A name within two edits (`sitee` for `site`) was surely the one meant: suggest it alone.
  const close = closestName(
    path.basename(target),
    found.map((folder) => path.basename(folder)),
  );
  const likely = close ? found.filter((folder) => path.basename(folder) === close).slice(0, 1) : found;
  return [...(holdsSite(cwd) ? [cwd] : []), ...likely]
    .map((folder) => displayPath(folder, cwd) || '.')
    .slice(0, suggestions);
}

/** How a content folder was named: on the command line, by the package.json setting, or by default. */
export type ContentFolderSource =
  | { named: 'argument' | '--content'; also?: string | undefined }
  | { named: 'setting'; setting: string; file: string }
  | { named: 'default' };

/**
 * Checked before any work: a content folder that is not there is said to be missing, with the
 * folders likely meant, rather than reported as a folder without a site.yaml. A folder named by the
 * package.json setting is reported at that file and key; `also` is the setting's folder, suggested
 * too when an argument names another.
 */
export function contentFolderProblem(dir: string, source: ContentFolderSource, cwd = process.cwd()): Problem | null {
  const resolved = path.resolve(cwd, dir);
  const stat = fs.statSync(resolved, { throwIfNoEntry: false });
  if (stat?.isDirectory()) return null;
  const shown = displayPath(resolved, cwd) || '.';
  const also = 'also' in source && source.also && holdsSite(source.also) ? [displayPath(source.also, cwd) || '.'] : [];
  const nearby = [...new Set([...also, ...nearbyContentFolders(dir, cwd)])].slice(0, suggestions);
  const reason = stat ? 'file' : 'missing';
  if (source.named === 'setting')
    return createProblem(
      'MissingContentFolder',
      { folder: source.setting, named: 'setting', reason, nearby },
      { file: displayPath(source.file, cwd), field: 'agentdir.content' },
    );
  return createProblem('MissingContentFolder', { folder: shown, named: source.named, reason, nearby }, { file: shown });
}
