import type { Problem } from '../errors/problem.js';
import { contentFolderProblem } from './content-folder.js';

/** The folders as the command line gave them; absent when not given. */
export interface GivenFolders {
  content?: string;
  /** How the content folder was given: the command's argument, or `serve --content`. */
  contentFrom?: 'argument' | '--content';
  out?: string;
}

export type ProjectFolders = { ok: true; contentDir: string; outDir: string } | { ok: false; problems: Problem[] };

/**
 * The content and output folders a command works on: what the command line gives, else the
 * defaults `content` and `dist`. With `needsContent`, a content folder that is not there is a
 * problem, found before any work.
 */
export function projectFolders(given: GivenFolders, { needsContent }: { needsContent: boolean }): ProjectFolders {
  const contentDir = given.content ?? 'content';
  const outDir = given.out ?? 'dist';
  const missing = needsContent
    ? contentFolderProblem(contentDir, given.content === undefined ? 'default' : (given.contentFrom ?? 'argument'))
    : null;
  return missing ? { ok: false, problems: [missing] } : { ok: true, contentDir, outDir };
}
