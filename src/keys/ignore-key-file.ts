import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { displayPath } from '../util/paths.js';

/** Runs git in `cwd`; null when git is not installed or fails (not a work tree, a path outside it). */
function git(cwd: string, args: string[]): { status: number; stdout: string } | null {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  if (result.error || result.status === null || result.status > 1) return null;
  return { status: result.status, stdout: result.stdout };
}

/**
 * A key file is a secret: when it lies in a git work tree that would not ignore it, this adds an
 * entry for it to the `.gitignore` at the root of that work tree (creating the file, appending on a
 * line of its own, never twice), so a later `git add .` cannot publish it. The entry is
 * `.agentdir/` for the default place, else the file's own path. Returns the line that says what was
 * done, or null when nothing was (no git, no work tree, already ignored).
 */
export function ignoreKeyFileInGit(file: string): string | null {
  const top = git(path.dirname(file), ['rev-parse', '--show-toplevel']);
  if (top?.status !== 0) return null;
  const root = top.stdout.trim();
  const relative = path.relative(root, fs.realpathSync(file)).split(path.sep).join('/');
  // Exit status 1 is "not ignored"; 0 is ignored already.
  if (git(root, ['check-ignore', '--quiet', '--', relative])?.status !== 1) return null;
  const entry = relative.split('/').includes('.agentdir') ? '.agentdir/' : `/${relative}`;
  const gitignore = path.join(root, '.gitignore');
  const text = fs.existsSync(gitignore) ? fs.readFileSync(gitignore, 'utf8') : '';
  // Listed but not in effect (a later `!` rule): the file is the user's to sort out, not to repeat lines in.
  if (text.split(/\r?\n/).some((line) => line.trim() === entry)) return null;
  fs.appendFileSync(gitignore, `${text && !text.endsWith('\n') ? '\n' : ''}${entry}\n`);
  return `Added \`${entry}\` to ${displayPath(gitignore)}, so git leaves the key file out of commits.`;
}
