import fs from 'node:fs';
import path from 'node:path';
import { displayPath } from '../util/paths.js';
import { acquireLock, type LockOptions } from './key-file-lock.js';
import { removeStaleTemporaries } from './key-file-temporary.js';
import { KeyFileError, readKeyFile, writeKeyFile, type KeyFile } from './key-file.js';

/**
 * Changes the key file under `<file>.lock`: read inside the lock, so a parallel `keys create` or
 * `keys revoke` is never overwritten by a copy read before it landed; written atomically; unlocked.
 * `change` edits the file in place; when it throws, nothing is written.
 */
export async function updateKeyFile<T>(
  file: string,
  change: (keyFile: KeyFile) => T,
  options: LockOptions = {},
): Promise<T> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const lock = await acquireLock(`${file}.lock`, options);
  try {
    removeStaleTemporaries(file);
    const keyFile = readKeyFile(file);
    const result = change(keyFile);
    // Held for longer than a lock may be: another command has taken over, and its change must win.
    if (!lock.stillHeld())
      throw new KeyFileError(
        `The lock on ${displayPath(file)} was taken over while this command held it, so nothing was written. Run the command again.`,
      );
    writeKeyFile(file, keyFile);
    return result;
  } finally {
    lock.release();
  }
}
