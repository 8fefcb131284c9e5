import fs from 'node:fs';
import path from 'node:path';
import { processExists } from '../util/process-exists.js';

// A key file is written to `<file>.<pid>.tmp` beside it and renamed over it (writeKeyFile). A
// process killed between the two (SIGKILL, a power cut) leaves its temporary behind, holding a
// copy of every key hash; the next command that opens the key file removes it.

/** The temporary the process `pid` writes `file` through. */
export function temporaryKeyFile(file: string, pid = process.pid): string {
  return `${file}.${pid}.tmp`;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Removes the temporaries of `file` whose process no longer runs; a live process's (another
 * command writing right now, or this one) is left alone. Returns the names removed.
 */
export function removeStaleTemporaries(file: string): string[] {
  const folder = path.dirname(file);
  const pattern = new RegExp(`^${escaped(path.basename(file))}\\.(\\d+)\\.tmp$`);
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    // No folder yet, or not one this user may list: nothing of ours can be in it.
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (!pid || pid === process.pid || processExists(pid)) continue;
    const temporary = path.join(folder, name);
    try {
      // Only a file this pattern could have come from: never follow a link or clear a folder.
      if (!fs.lstatSync(temporary, { throwIfNoEntry: false })?.isFile()) continue;
      fs.rmSync(temporary, { force: true });
      removed.push(name);
    } catch {
      // Tidying up is no reason to fail the command: a leftover that cannot be removed stays.
    }
  }
  return removed;
}
