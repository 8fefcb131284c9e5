import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isSkippedFolder } from './folder-tree-watcher.js';

/** Path, size, modification time and inode of everything under `folder`: a rename-save changes the inode. */
function addTree(hash: ReturnType<typeof createHash>, folder: string, relative: string): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (isSkippedFolder(entry.name)) continue;
    const full = path.join(folder, entry.name);
    const stat = fs.lstatSync(full, { throwIfNoEntry: false });
    if (!stat) continue;
    hash.update(`${relative}/${entry.name}\0${stat.size}\0${stat.mtimeMs}\0${stat.ino}\0`);
    if (stat.isDirectory()) addTree(hash, full, `${relative}/${entry.name}`);
  }
}

/** One digest of the tree's metadata; no file is read. */
export function treeSignature(root: string): string {
  const hash = createHash('sha256');
  const stat = fs.statSync(root, { throwIfNoEntry: false });
  hash.update(stat ? `${stat.dev}:${stat.ino}\0` : 'missing\0');
  if (stat?.isDirectory()) addTree(hash, root, '');
  return hash.digest('hex');
}

/**
 * The fallback when the system will not give us change events (out of inotify watches, a network
 * or container mount): stats the tree every `intervalMs` and reports when anything differs.
 */
export function pollTree(root: string, onChange: () => void, intervalMs = 1000): () => void {
  let last = treeSignature(root);
  const timer = setInterval(() => {
    const next = treeSignature(root);
    if (next !== last) {
      last = next;
      onChange();
    }
  }, intervalMs);
  // The server keeps the process alive; this timer alone should not.
  timer.unref();
  return () => clearInterval(timer);
}
