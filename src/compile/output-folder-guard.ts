import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { UnsafeFolderReason } from '../errors/catalog.js';
import { createProblem, type Problem } from '../errors/problem.js';
import { displayPath } from '../util/paths.js';
import { readManifest } from './up-to-date.js';

export interface OutputFolderCheck {
  outDir: string;
  contentDir: string;
  /** Defaults to the process's working folder and the user's home folder; tests pass their own. */
  cwd?: string;
  home?: string;
  /** How the folder was given, as the message quotes it (`--out` unless a command names it otherwise). */
  option?: string;
}

/** The path with every symlink of its existing part resolved, so `dist -> ~` compares as `~`. */
function realPath(target: string): string {
  const missing: string[] = [];
  let existing = path.resolve(target);
  while (!fs.existsSync(existing)) {
    const parent = path.dirname(existing);
    if (parent === existing) break;
    missing.unshift(path.basename(existing));
    existing = parent;
  }
  return path.join(fs.realpathSync(existing), ...missing);
}

/** True when `inner` is `outer` or lies inside it. */
function within(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * A build replaces its output folder, so the folder must be one a build owns: new, empty, or holding
 * a previous build (its build-manifest.json). Anything else (`--out .`, `--out content`, `--out ~`)
 * would put people's files at risk; it is refused before any work, with nothing touched.
 */
export function checkOutputFolder(check: OutputFolderCheck): Problem | null {
  const out = realPath(check.outDir);
  const shown = displayPath(path.resolve(check.outDir)) || '.';
  const option = check.option ?? '--out';
  const refuse = (why: UnsafeFolderReason): Problem =>
    createProblem('UnsafeOutputFolder', { option, folder: shown, ...why }, { file: shown, field: option });
  if (path.dirname(out) === out) return refuse({ reason: 'root' });
  const content = realPath(check.contentDir);
  const places = [
    [realPath(check.cwd ?? process.cwd()), 'cwd'],
    [realPath(check.home ?? os.homedir()), 'home'],
    [content, 'content'],
  ] as const;
  for (const [folder, place] of places) if (out === folder) return refuse({ reason: 'is-place', place });
  for (const [folder, place] of places)
    if (within(folder, out)) return refuse({ reason: 'contains-place', place, placePath: displayPath(folder) || '.' });
  if (within(out, content)) return refuse({ reason: 'inside-content' });
  const stat = fs.statSync(out, { throwIfNoEntry: false });
  if (!stat) return null;
  if (!stat.isDirectory()) return refuse({ reason: 'file' });
  if (fs.readdirSync(out).length && !readManifest(out)) return refuse({ reason: 'not-a-build' });
  return null;
}
