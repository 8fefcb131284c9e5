import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Problem } from '../errors/problem.js';
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
  const refuse = (why: string, hint: string): Problem => ({
    code: 'UnsafeOutputFolder',
    severity: 'error',
    file: shown,
    line: 0,
    column: 0,
    field: check.option ?? '--out',
    message: `\`${check.option ?? '--out'} ${shown}\` ${why}; the build would replace it, so nothing was written`,
    hint,
  });
  const pickNew =
    'Pass a folder of its own, such as `--out dist`: a build owns its output folder and replaces what it wrote there.';
  if (path.dirname(out) === out) return refuse('is the root of the file system', pickNew);
  const content = realPath(check.contentDir);
  const places: [string, string][] = [
    [realPath(check.cwd ?? process.cwd()), 'the current folder'],
    [realPath(check.home ?? os.homedir()), 'your home folder'],
    [content, 'the content folder'],
  ];
  for (const [place, name] of places) if (out === place) return refuse(`is ${name}`, pickNew);
  for (const [place, name] of places)
    if (within(place, out)) return refuse(`contains ${name} (${displayPath(place)})`, pickNew);
  if (within(out, content))
    return refuse(
      'is inside the content folder, where its files would be read as content',
      'Build outside the content folder, such as `--out dist` beside it.',
    );
  const stat = fs.statSync(out, { throwIfNoEntry: false });
  if (!stat) return null;
  if (!stat.isDirectory()) return refuse('is a file, not a folder', pickNew);
  if (fs.readdirSync(out).length && !readManifest(out)) {
    return refuse(
      'is a folder that holds files but no previous agentdir build (no build-manifest.json)',
      'Pass a new or empty folder, such as `--out dist`; or, if this folder is yours to clear, empty it first.',
    );
  }
  return null;
}
