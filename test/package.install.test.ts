import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from './helpers/fixtures.js';

/** Runs a command in `cwd` and returns its output, failing the test with its output when it fails. */
function run(cwd: string, command: string, args: string[]): string {
  try {
    return execFileSync(command, args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${failure.stdout ?? ''}\n${failure.stderr ?? ''}`);
  }
}

describe('a real install', () => {
  it('packs into a tarball that installs into an empty folder and runs new, build and validate without dev dependencies', {
    timeout: 300_000,
  }, () => {
    const packs = tempDir('agentdir-pack-');
    const packed = JSON.parse(run(repoRoot, 'npm', ['pack', '--json', '--pack-destination', packs])) as {
      filename: string;
      files: { path: string }[];
    }[];
    const tarball = path.join(packs, packed[0]!.filename);
    const shipped = packed[0]!.files.map((file) => file.path);
    expect(shipped).toContain('lib/cli/main.js');
    expect(shipped).toContain('src/worker/index.ts');
    expect(shipped.some((file) => file.startsWith('test/') || file.startsWith('content/'))).toBe(false);

    const project = tempDir('agentdir-install-');
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'fresh-project', private: true }));
    run(project, 'npm', ['install', tarball, '--no-audit', '--no-fund']);
    expect(fs.existsSync(path.join(project, 'node_modules', 'vitest'))).toBe(false);
    expect(fs.existsSync(path.join(project, 'node_modules', 'miniflare'))).toBe(false);

    run(project, 'npx', ['agentdir', 'new', 'site', '--name', 'Fresh', '--url', 'https://fresh.example']);
    const built = run(project, 'npx', ['agentdir', 'build', 'site']);
    expect(built).toContain('Built 2 resources and 2 articles');
    expect(built).toContain('Agent readiness: 100/100 (A)');
    expect(run(project, 'npx', ['agentdir', 'validate', 'site'])).toBe('No problems found.\n');
    expect(fs.readFileSync(path.join(project, 'dist', 'public', 'llms.txt'), 'utf8')).toMatch(/^# Fresh\n/);
    expect(fs.existsSync(path.join(project, 'dist', 'worker', 'worker.js'))).toBe(true);
  });
});

describe('agentdir new', () => {
  it('refuses to write into a folder that is not empty', () => {
    const dir = tempDir('agentdir-new-');
    fs.writeFileSync(path.join(dir, 'keep.txt'), 'mine');
    let failed = false;
    try {
      execFileSync(process.execPath, [path.join(repoRoot, 'bin', 'agentdir.js'), 'new', dir], { stdio: 'pipe' });
    } catch (error) {
      failed = true;
      expect(String((error as { stderr: Buffer }).stderr)).toContain('is not empty');
    }
    expect(failed).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'keep.txt'), 'utf8')).toBe('mine');
  });
});
