import fs from 'node:fs';

/**
 * Writes a file whole or not at all: a temporary beside it (named by process and at random, so two
 * builds never share one), renamed over it. A reader sees the old bytes or the new, never a part.
 */
export function writeAtomically(file: string, bytes: string | Uint8Array): void {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  fs.writeFileSync(temporary, bytes);
  fs.renameSync(temporary, file);
}
