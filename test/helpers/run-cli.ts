import { spawnSync } from 'node:child_process';
import { cliPath } from './fixtures.js';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The built CLI, run in `cwd` as a user would, with no colour and a fixed SOURCE_DATE_EPOCH. */
export function runCli(cwd: string, args: string[], env: Record<string, string> = {}): CliRun {
  const result = spawnSync(process.execPath, [cliPath, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', SOURCE_DATE_EPOCH: '1780272000', ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
