import fs from 'node:fs';
import path from 'node:path';

/** A folder's identity: one renamed over it, or deleted and made again, has another. */
export function folderIdentity(stat: fs.Stats): string {
  return `${stat.dev}:${stat.ino}`;
}

/** Folders the build never reads (fast-glob runs with `dot: false`): `.git`, editor state. */
export function isSkippedFolder(name: string): boolean {
  return name.startsWith('.');
}

interface WatchedFolder {
  watcher: fs.FSWatcher;
  identity: string;
}

/**
 * Watches each folder under `root` on its own, without `recursive`. Node 20's recursive watch on
 * Linux follows files by inode, so it goes deaf to a file replaced by a rename (an editor's atomic
 * save, `sed -i`, `mv tmp file`) and misses deletes; a folder's own watch reports every create,
 * change, rename and delete in it. A folder made, replaced or removed is picked up from its
 * parent's events. Any event counts as "something under here changed": no file is tracked.
 */
export class FolderTreeWatcher {
  private readonly folders = new Map<string, WatchedFolder>();
  private pruneTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly root: string,
    /** Called with the changed path where the system names it. */
    private readonly onChange: (file?: string) => void,
    /** A watch could not be set up (out of inotify watches, say): the owner should poll instead. */
    private readonly onFailure: (error: Error) => void,
  ) {
    this.sync(root);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.pruneTimer);
    for (const folder of [...this.folders.keys()]) this.forget(folder);
  }

  /** Watches `folder` and every folder under it that is not watched yet, or was replaced since. */
  private sync(folder: string): void {
    if (this.closed) return;
    const stat = fs.lstatSync(folder, { throwIfNoEntry: false });
    // Symbolic links are not followed: the build refuses links out of the folder, and a link inside it points at a watched folder.
    if (!stat?.isDirectory()) {
      this.forget(folder);
      return;
    }
    const identity = folderIdentity(stat);
    if (this.folders.get(folder)?.identity !== identity) {
      this.forget(folder);
      let watcher: fs.FSWatcher;
      try {
        watcher = fs.watch(folder, (event, name) => this.onEvent(folder, event, name));
      } catch (error) {
        // Gone between the stat and the watch: its parent's event says so.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        this.onFailure(error as Error);
        return;
      }
      // Windows reports a watched folder's removal as an error: a change like any other.
      watcher.on('error', () => {
        this.forget(folder);
        this.onChange();
        this.schedulePrune();
      });
      this.folders.set(folder, { watcher, identity });
    }
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries)
      if (entry.isDirectory() && !isSkippedFolder(entry.name)) this.sync(path.join(folder, entry.name));
  }

  private forget(folder: string): void {
    this.folders.get(folder)?.watcher.close();
    this.folders.delete(folder);
  }

  private onEvent(folder: string, event: string, name: string | Buffer | null): void {
    this.onChange(name ? path.join(folder, name.toString()) : undefined);
    if (event !== 'rename') return;
    // At once, so the files of a folder just made are watched before they are written to.
    if (name && !isSkippedFolder(name.toString())) this.sync(path.join(folder, name.toString()));
    this.schedulePrune();
  }

  /** Soon after renames settle: drops watches of folders removed or replaced, and watches whatever is new. */
  private schedulePrune(): void {
    clearTimeout(this.pruneTimer);
    this.pruneTimer = setTimeout(() => {
      for (const [folder, { identity }] of this.folders) {
        const stat = fs.lstatSync(folder, { throwIfNoEntry: false });
        if (!stat?.isDirectory() || folderIdentity(stat) !== identity) this.forget(folder);
      }
      this.sync(this.root);
    }, 50);
  }
}
