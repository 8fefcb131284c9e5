import { execFile } from 'node:child_process';
import { cliPath, repoRoot } from './fixtures.js';

/** Runs the real `agentdir grade` without blocking this process, which may be serving the site it grades. */
export function gradeCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cliPath, 'grade', ...args],
      { cwd: repoRoot, encoding: 'utf8' },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}
