import fs from 'node:fs';
import path from 'node:path';
import { defaultKeyFile } from './key-file.js';

/** Which key file a `keys` command uses, how it was chosen, and every path looked at on the way. */
export interface KeyFileLocation {
  /** The file found, or where `keys create` makes one when none was found. */
  file: string;
  exists: boolean;
  source: 'flag' | 'env' | 'search';
  /** Every path checked, nearest first. */
  searched: string[];
  /** The project folder that ended the search, and what marked it as one; null when the search reached the filesystem root. */
  stoppedAt: { folder: string; marker: string } | null;
}

/** A folder holding one of these is a project root: the search for a key file goes no higher. */
const projectMarkers = ['.git', 'package.json'];

/**
 * `--file`, else `AGENTDIR_KEYS_FILE`, else the nearest `.agentdir/keys.json` from `cwd` upwards, so
 * the project root and its `dist/` (or any subfolder) find the same file. The search checks the
 * project root (a folder holding `.git` or `package.json`) and stops there: a key file above it
 * belongs to something else (another project, a home folder), and exporting it would replace this
 * site's keys with those. With no marker it goes on up to the filesystem root.
 */
export function locateKeyFile(
  flag: string | undefined,
  cwd = process.cwd(),
  env: NodeJS.ProcessEnv = process.env,
): KeyFileLocation {
  const named =
    flag !== undefined
      ? { file: flag, source: 'flag' as const }
      : env.AGENTDIR_KEYS_FILE
        ? { file: env.AGENTDIR_KEYS_FILE, source: 'env' as const }
        : null;
  if (named) {
    const file = path.resolve(cwd, named.file);
    return { file, exists: fs.existsSync(file), source: named.source, searched: [file], stoppedAt: null };
  }
  const searched: string[] = [];
  const notFound = (stoppedAt: KeyFileLocation['stoppedAt']): KeyFileLocation => ({
    file: path.resolve(cwd, defaultKeyFile),
    exists: false,
    source: 'search',
    searched,
    stoppedAt,
  });
  for (let folder = path.resolve(cwd); ; folder = path.dirname(folder)) {
    const candidate = path.join(folder, defaultKeyFile);
    searched.push(candidate);
    if (fs.existsSync(candidate)) return { file: candidate, exists: true, source: 'search', searched, stoppedAt: null };
    const marker = projectMarkers.find((name) => fs.existsSync(path.join(folder, name)));
    if (marker) return notFound({ folder, marker });
    if (path.dirname(folder) === folder) return notFound(null);
  }
}
