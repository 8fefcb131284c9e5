import { execFile } from 'node:child_process';
import { cliPath, repoRoot } from './fixtures.js';

export interface GradeRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real `agentdir grade` without blocking this process, which may be serving the site it grades. */
export function gradeCli(...args: string[]): Promise<GradeRun> {
  return gradeCliWith({}, ...args);
}

/** `gradeCli` with more environment: say, a `--import` in NODE_OPTIONS that plays the network. */
export function gradeCliWith(env: Record<string, string>, ...args: string[]): Promise<GradeRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cliPath, 'grade', ...args],
      { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}
