import { spawnSync } from 'node:child_process';
import { cliPath } from './fixtures.js';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Added to this process's environment (NO_COLOR is always set); `undefined` leaves a variable out. */
  env?: Record<string, string | undefined>;
  timeout?: number;
}

/** The built CLI, run in `cwd` as a user would, with no colour. */
export function runCli(cwd: string, args: string[], options: CliOptions = {}): CliRun {
  const result = spawnSync(process.execPath, [cliPath, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    ...(options.timeout ? { timeout: options.timeout } : {}),
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
