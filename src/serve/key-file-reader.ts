import fs from 'node:fs';
import { exportSecret, KeyFileError, readKeyFile } from '../keys/key-file.js';
import { displayPath } from '../util/paths.js';

/**
 * How long after it last changed a key file that cannot be used is taken for a save still being
 * written (a file written in place is empty, then partial, for an instant), and looked at again
 * rather than reported.
 */
export const keyFileSettleMs = 250;

/**
 * The AGENTDIR_KEYS value for `agentdir serve`, from the key file, re-read when it changes. A file
 * that cannot be used opens nothing (premium routes answer 402), and says so once on the log per
 * version of the file, never once per request, and never with its content. A change that cannot be
 * used yet is judged again once the file has settled (keyFileSettleMs), so a save caught halfway
 * logs nothing; a broken file at start is reported at once.
 */
export function keyFileReader(file: string, log: (line: string) => void): () => string {
  let seen = '';
  let keys = '';
  let broken = false;
  let started = false;
  /** A look again is due: one at a time, however many reads meet the same half-written save. */
  let settling = false;
  const current = () => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    const stamp = stat ? `${stat.mtimeMs}:${stat.size}:${stat.ino}` : 'none';
    if (stamp === seen) return keys;
    try {
      const keyFile = readKeyFile(file);
      seen = stamp;
      keys = stat ? exportSecret(keyFile) : '';
      if (broken)
        log(
          `agentdir serve: the key file ${displayPath(file)} is usable again (${keyFile.keys.length} key${keyFile.keys.length === 1 ? '' : 's'}).`,
        );
      broken = false;
    } catch (error) {
      keys = '';
      const age = stat ? Date.now() - stat.mtimeMs : Number.POSITIVE_INFINITY;
      // Either way from now: a file's time can be a fraction of a millisecond past the clock's. A file
      // dated further in the future is judged as it is: it would never settle.
      if (started && Math.abs(age) < keyFileSettleMs) {
        // Perhaps half written: refused for now, and not marked seen, so it is read again.
        if (!settling) {
          settling = true;
          setTimeout(() => {
            settling = false;
            current();
          }, keyFileSettleMs).unref();
        }
        return keys;
      }
      seen = stamp;
      broken = true;
      log(
        `agentdir serve: key file ${problem(file, error)} Until then every key is refused (premium routes answer 402); the file is re-read when it changes.`,
      );
    }
    return keys;
  };
  current();
  started = true;
  // Polled too, so a broken save is reported when it happens, not at the next premium request.
  fs.watchFile(file, { persistent: false, interval: 1000 }, () => void current());
  return current;
}

function problem(file: string, error: unknown): string {
  if (error instanceof KeyFileError) return error.message;
  const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return `${displayPath(file)} cannot be read (${code}). Check that it is a file this user may read.`;
}
