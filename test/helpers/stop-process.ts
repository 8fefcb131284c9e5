import type { ChildProcess } from 'node:child_process';

/**
 * Sends SIGTERM and resolves once the process has exited. Awaited before a test file's temp folders
 * go: a server still closing its readers file would write into a folder being removed (ENOTEMPTY).
 */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
