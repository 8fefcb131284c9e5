import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliPath, repoRoot } from './helpers/fixtures.js';

const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };

describe('agentdir --version', () => {
  it.each(['-v', '--version', '-V'])('%s prints the version and exits 0', (flag) => {
    const result = spawnSync(process.execPath, [cliPath, flag], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(`${version}\n`);
    expect(result.status).toBe(0);
  });

  it('lists -v, --version in the help', () => {
    const result = spawnSync(process.execPath, [cliPath, '--help'], { encoding: 'utf8' });
    expect(result.stdout).toMatch(/-v, --version\s+output the version number/);
  });
});
