import { spawn } from 'node:child_process';
import fs from 'node:fs';

// Deleting a previous output costs a system call per file: 2.5 s at 4,000 resources, after the new
// output is already in place. A process of its own does it, so neither `agentdir build` nor a
// rebuild under `agentdir serve --watch` waits for it; the folder's name says what it is, and the
// next build removes it should that process die first.
const removeFolder = "require('node:fs').rmSync(process.argv[1], { recursive: true, force: true })";

/** Removes `folder` in a detached process that may outlive this one; here, when no process can start. */
export function removeInBackground(folder: string): void {
  const { NODE_OPTIONS: _ignored, ...env } = process.env;
  const removeHere = () => fs.rmSync(folder, { recursive: true, force: true });
  try {
    const remover = spawn(process.execPath, ['-e', removeFolder, folder], { detached: true, stdio: 'ignore', env });
    remover.on('error', removeHere);
    remover.unref();
  } catch {
    removeHere();
  }
}
