import type { Problem } from '../errors/problem.js';
import { type ContentFolderSource, contentFolderProblem } from './content-folder.js';
import { readProjectSettings } from './project-settings.js';

/** The folders as the command line gave them; absent when not given. */
export interface GivenFolders {
  content?: string;
  /** How the content folder was given: the command's argument, or `serve --content`. */
  contentFrom?: 'argument' | '--content';
  out?: string;
}

export type ProjectFolders = { ok: true; contentDir: string; outDir: string } | { ok: false; problems: Problem[] };

/**
 * The content and output folders a command works on: what the command line gives, else what the
 * `agentdir` settings of package.json name, else `content` and `dist`. Settings that are not valid
 * are problems; so is, with `needsContent`, a content folder that is not there. Both are found
 * before any work.
 */
export function projectFolders(
  given: GivenFolders,
  { needsContent }: { needsContent: boolean },
  cwd = process.cwd(),
): ProjectFolders {
  const settings = readProjectSettings(cwd);
  if (settings.problems.length) return { ok: false, problems: settings.problems };
  const contentDir = given.content ?? settings.paths.content ?? 'content';
  const outDir = given.out ?? settings.paths.out ?? 'dist';
  const source: ContentFolderSource =
    given.content !== undefined
      ? { named: given.contentFrom ?? 'argument', also: settings.paths.content }
      : settings.values.content !== undefined
        ? { named: 'setting', setting: settings.values.content, file: settings.file! }
        : { named: 'default' };
  const missing = needsContent ? contentFolderProblem(contentDir, source, cwd) : null;
  if (missing) return { ok: false, problems: [missing] };
  return { ok: true, contentDir, outDir };
}
