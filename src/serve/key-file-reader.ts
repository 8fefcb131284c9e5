import fs from 'node:fs';
import { exportSecret, KeyFileError, readKeyFile } from '../keys/key-file.js';
import { displayPath } from '../util/paths.js';

/**
 * The AGENTDIR_KEYS value for `agentdir serve`, from the key file, re-read when it changes. A file
 * that cannot be used opens nothing (premium routes answer 402), and says so once on the log per
 * version of the file, never once per request, and never with its content.
 */
export function keyFileReader(file: string, log: (line: string) => void): () => string {
  let seen = '';
  let keys = '';
  let broken = false;
  const current = () => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    const stamp = stat ? `${stat.mtimeMs}:${stat.size}:${stat.ino}` : 'none';
    if (stamp === seen) return keys;
    seen = stamp;
    try {
      const keyFile = readKeyFile(file);
      keys = stat ? exportSecret(keyFile) : '';
      if (broken)
        log(
          `agentdir serve: the key file ${displayPath(file)} is usable again (${keyFile.keys.length} key${keyFile.keys.length === 1 ? '' : 's'}).`,
        );
      broken = false;
    } catch (error) {
      keys = '';
      broken = true;
      log(
        `agentdir serve: key file ${problem(file, error)} Until then every key is refused (premium routes answer 402); the file is re-read when it changes.`,
      );
    }
    return keys;
  };
  current();
  // Polled too, so a broken save is reported when it happens, not at the next premium request.
  fs.watchFile(file, { persistent: false, interval: 1000 }, () => void current());
  return current;
}

function problem(file: string, error: unknown): string {
  if (error instanceof KeyFileError) return error.message;
  const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return `${displayPath(file)} cannot be read (${code}). Check that it is a file this user may read.`;
}
