import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readKeyFile } from '../src/keys/key-file.js';
import { cliPath, fixturesDir, repoRoot, tempDir } from './helpers/fixtures.js';

// A key file is written through `<file>.<pid>.tmp` and renamed over (src/keys/key-file.ts). A
// process killed in between leaves that copy of every key hash behind: the next keys command
// removes it, once the process that wrote it is gone.

function keysCli(keysFile: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [cliPath, 'keys', ...args, '--file', keysFile], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The pid of a process that has run and exited: no process has it now (barring reuse, which takes far longer). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

const temporaries = (keysFile: string) =>
  fs.readdirSync(path.dirname(keysFile)).filter((name) => name.endsWith('.tmp'));

describe('temporary key files', () => {
  it('are removed by the next keys command after a SIGKILL between write and rename', async () => {
    const keysFile = path.join(tempDir(), '.agentdir', 'keys.json');
    expect(keysCli(keysFile, 'create', '--tier', 'starter', '--label', 'first').code).toBe(0);
    const before = fs.readFileSync(keysFile, 'utf8');

    const ready = path.join(tempDir(), 'ready');
    const register = pathToFileURL(path.join(fixturesDir, 'pause-before-rename', 'register.mjs')).href;
    const child = spawn(
      process.execPath,
      ['--import', register, cliPath, 'keys', 'create', '--tier', 'corpus', '--file', keysFile],
      { cwd: repoRoot, stdio: 'ignore', env: { ...process.env, PAUSE_BEFORE_RENAME: keysFile, PAUSE_READY: ready } },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    for (let waited = 0; !fs.existsSync(ready); waited += 20) {
      if (waited > 20_000) throw new Error('keys create never reached its rename');
      await sleep(20);
    }
    expect(temporaries(keysFile)).toEqual([`keys.json.${child.pid}.tmp`]);
    child.kill('SIGKILL');
    await exited;
    // Killed: the temporary is left, the key file as it was before.
    expect(temporaries(keysFile)).toEqual([`keys.json.${child.pid}.tmp`]);
    expect(fs.readFileSync(keysFile, 'utf8')).toBe(before);

    const listed = keysCli(keysFile, 'list', '--json');
    expect(listed.code).toBe(0);
    expect(temporaries(keysFile)).toEqual([]);
    expect(JSON.parse(listed.stdout)).toHaveLength(1);
  });

  it.each([['create', '--tier', 'starter'], ['list'], ['export', '--allow-empty']])(
    'are removed by `keys %s` when their process is gone, never while it runs',
    (...args) => {
      const keysFile = path.join(tempDir(), '.agentdir', 'keys.json');
      fs.mkdirSync(path.dirname(keysFile), { recursive: true });
      fs.writeFileSync(keysFile, '{"version":1,"keys":[]}\n');
      const pid = deadPid();
      const dead = `keys.json.${pid}.tmp`;
      // This test's own process is alive, as another command writing right now would be.
      const live = `keys.json.${process.pid}.tmp`;
      // Not a temporary of this key file: not ours to remove.
      const other = `other.json.${pid}.tmp`;
      for (const name of [dead, live, other]) fs.writeFileSync(path.join(path.dirname(keysFile), name), '{"keys":[');

      const result = keysCli(keysFile, ...args);
      expect(result.code, result.stderr).toBe(0);
      expect(temporaries(keysFile).sort()).toEqual([live, other].sort());
      expect(() => readKeyFile(keysFile)).not.toThrow();
    },
  );
});
