import fs from 'node:fs';
import path from 'node:path';

/** The temporaries writeAtomically names: `<target>.<pid>.<random>.tmp`. */
const temporaryName = /\.\d+\.[0-9a-z]+\.tmp$/;

/**
 * A write and its rename take milliseconds: a temporary this old was left by a process killed in
 * between, and nothing will ever rename it. Age, not the pid, decides: a cache folder may be shared
 * by machines whose pids mean nothing here.
 */
const abandonedAfterMs = 10 * 60 * 1000;

/** Folders already swept by this process: once is enough, and writes come in bursts to the same few. */
const swept = new Set<string>();

/** Removes the temporaries other runs abandoned in `folder` (see abandonedAfterMs). Never throws. */
function removeAbandonedTemporaries(folder: string): void {
  if (swept.has(folder)) return;
  swept.add(folder);
  try {
    for (const name of fs.readdirSync(folder)) {
      if (!temporaryName.test(name)) continue;
      const file = path.join(folder, name);
      const stat = fs.lstatSync(file, { throwIfNoEntry: false });
      if (stat?.isFile() && Date.now() - stat.mtimeMs > abandonedAfterMs) fs.rmSync(file, { force: true });
    }
  } catch {
    // A folder that cannot be listed keeps its leftovers; the write below says what is wrong, if anything.
  }
}

/**
 * Writes a file whole or not at all: a temporary beside it (named by process and at random, so two
 * builds never share one), renamed over it. A reader sees the old bytes or the new, never a part. A
 * failed write removes its temporary, and temporaries abandoned by killed runs are removed too.
 */
export function writeAtomically(file: string, bytes: string | Uint8Array): void {
  removeAbandonedTemporaries(path.dirname(file));
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    fs.writeFileSync(temporary, bytes);
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}
