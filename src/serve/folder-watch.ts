import fs from 'node:fs';
import path from 'node:path';
import { displayPath } from '../util/paths.js';
import { FolderTreeWatcher, folderIdentity } from './folder-tree-watcher.js';
import { pollTree } from './tree-poller.js';

export interface FolderWatchOptions {
  /**
   * Called on every change under the folder, however small: the caller debounces. `file` is the
   * changed path where the system names it; a call without one may mean anything changed.
   */
  onChange: (file?: string) => void;
  log: (line: string) => void;
}

/** Where the system itself watches a whole tree by path (FSEvents, ReadDirectoryChangesW), a rename-save is one more event. */
const nativeRecursive = process.platform === 'darwin' || process.platform === 'win32';

function rootIdentity(root: string): string {
  const stat = fs.statSync(root, { throwIfNoEntry: false });
  return stat ? folderIdentity(stat) : 'missing';
}

/**
 * Reports every change under `root`: files saved in place or by rename, added, deleted, folders
 * made, replaced or removed, and the root itself replaced. Uses the system's events, and falls
 * back to checking the tree every second when it will not give them.
 */
export function watchFolder(root: string, options: FolderWatchOptions): () => void {
  let stop = () => {};
  let polling = false;
  let identity = rootIdentity(root);

  const fallBack = (error: Error) => {
    if (polling) return;
    polling = true;
    // Deferred: the failing watcher may still be starting up, and `stop` must be the one that closes it.
    setImmediate(() => {
      stop();
      stop = pollTree(root, () => options.onChange());
      options.log(
        `Cannot watch ${displayPath(root)}/ for changes (${error.message}); checking it every second instead.`,
      );
    });
  };

  const start = () => {
    stop = () => {};
    if (identity === 'missing') return;
    if (!nativeRecursive) {
      const tree = new FolderTreeWatcher(root, options.onChange, fallBack);
      stop = () => tree.close();
      return;
    }
    try {
      const watcher = fs.watch(root, { recursive: true }, (_event, name) =>
        options.onChange(name ? path.join(root, name.toString()) : undefined),
      );
      // The root removed (Windows reports it as an error): start again on the next check.
      watcher.on('error', () => {
        watcher.close();
        identity = 'stale';
        options.onChange();
      });
      stop = () => watcher.close();
    } catch (error) {
      fallBack(error as Error);
    }
  };

  start();
  // No watched parent would see the root itself replaced, or removed and made again.
  const rootCheck = setInterval(() => {
    const now = rootIdentity(root);
    if (polling || now === identity) return;
    identity = now;
    stop();
    start();
    options.onChange();
  }, 1000);
  rootCheck.unref();

  return () => {
    clearInterval(rootCheck);
    stop();
  };
}
