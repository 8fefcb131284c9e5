import fs from 'node:fs';
import path from 'node:path';
import type { FindFile } from './asset-intent.js';

// Instructions for the static host, not content (Cloudflare and Netlify never serve them either).
const hostFiles = new Set(['_headers', '_redirects', '.assetsignore']);

/** Whether `key` can name a file at all: `/a/b.txt`, never `/a/`, `/a//b` or a dot segment. */
function isFileKey(key: string): boolean {
  if (!key.startsWith('/') || key.endsWith('/') || key.includes('//') || key.includes('\0')) return false;
  return !key.split('/').some((segment) => segment === '.' || segment === '..');
}

/**
 * The files of `root` (dist/public) by exact path, as the asset manifest of a deployment lists them:
 * regular files whose real path (symlinks followed) stays inside the real root, host files left out.
 */
export function publicFolder(root: string): FindFile {
  return async (key) => {
    if (!isFileKey(key)) return null;
    const target = path.join(root, key);
    // The key has no dot segments; this keeps even a bug inside the root.
    if (!target.startsWith(root + path.sep)) return null;
    // Synchronous, as the files of a local build are: a file answers in one turn of the event loop,
    // not one per system call, however busy the loop is with the worker's answers.
    const real = realpathOrNull(target);
    if (!real) return null;
    // Read each time: a rebuild may put a new folder at the same path.
    const relative = path.relative(fs.realpathSync(root), real);
    if (relative.startsWith('..') || path.isAbsolute(relative) || hostFiles.has(relative)) return null;
    if (!fs.statSync(real, { throwIfNoEntry: false })?.isFile()) return null;
    return { key, id: real, read: async () => fs.readFileSync(real) as Uint8Array<ArrayBuffer> };
  };
}

function realpathOrNull(target: string): string | null {
  try {
    return fs.realpathSync(target);
  } catch {
    return null;
  }
}

/** `files`, with the pages in `memory` (keyed like files: `/resources/x/index.html`) answered first. */
export function withPagesInMemory(
  files: FindFile,
  memory: ReadonlyMap<string, { body: Uint8Array<ArrayBuffer> }>,
): FindFile {
  return async (key) => {
    const page = memory.get(key);
    return page ? { key, id: `memory:${key}`, read: async () => page.body } : files(key);
  };
}
