import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliPath, fixturesDir, tempDir } from './helpers/fixtures.js';
import { runCli } from './helpers/run-cli.js';
import { stopProcess } from './helpers/stop-process.js';

/** The CLI run in `cwd`, as `npx agentdir ...` runs it in a user's project. */
function run(cwd: string, ...args: string[]) {
  return runCli(cwd, args, { timeout: 60_000 });
}

/**
 * A project as `npm init -y` leaves it, with `settings` as its package.json `agentdir` key (left
 * out when undefined), a content folder `site` and a second one, `other`, whose resource is broken.
 */
function project(settings?: unknown): string {
  const dir = tempDir('agentdir-project-');
  const manifest = { name: 'my-site', version: '1.0.0', ...(settings === undefined ? {} : { agentdir: settings }) };
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.cpSync(path.join(fixturesDir, 'minimal'), path.join(dir, 'site'), { recursive: true });
  fs.cpSync(path.join(fixturesDir, 'minimal'), path.join(dir, 'other'), { recursive: true });
  fs.cpSync(path.join(fixturesDir, 'broken', 'wrong-type'), path.join(dir, 'other'), { recursive: true });
  fs.rmSync(path.join(dir, 'other', 'expected.json'));
  return dir;
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

/** `agentdir serve ...args` in `cwd`, until it prints its address; resolves to that address and what it printed. */
async function serve(cwd: string, ...args: string[]): Promise<{ url: string; output: string }> {
  const child = spawn(
    process.execPath,
    [cliPath, 'serve', ...args, '--port', '0', '--keys-file', path.join(tempDir(), 'keys.json')],
    { cwd, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  stops.push(() => stopProcess(child));
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /agentdir serve: (http:\/\/\S+\/)/.exec(output);
      if (match) resolve({ url: match[1]!, output });
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code} before serving:\n${output}`)));
  });
}

describe('the "agentdir" settings in package.json', () => {
  it('name the content folder for validate and build, and the output folder for build', () => {
    const dir = project({ content: 'site', out: 'build' });
    expect(run(dir, 'validate')).toMatchObject({ code: 0, stdout: 'No problems found.\n' });
    const built = run(dir, 'build', '--no-cache');
    expect(built.code).toBe(0);
    expect(built.stdout).toContain('into build/');
    expect(fs.existsSync(path.join(dir, 'build', 'public', 'llms.txt'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'dist'))).toBe(false);
  });

  it('are found from a subfolder, with their paths relative to package.json', () => {
    const dir = project({ content: 'site', out: 'build' });
    const notes = path.join(dir, 'notes');
    fs.mkdirSync(notes);
    expect(run(notes, 'validate')).toMatchObject({ code: 0, stdout: 'No problems found.\n' });
    expect(run(notes, 'build', '--no-cache').code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'build', 'public', 'llms.txt'))).toBe(true);
    expect(fs.existsSync(path.join(notes, 'build'))).toBe(false);
  });

  it('give way to an argument or a flag', () => {
    const dir = project({ content: 'site', out: 'build' });
    const other = run(dir, 'validate', 'other');
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('other/resources/wire-formats.md:5:7');
    expect(run(dir, 'build', 'site', '--out', 'elsewhere', '--no-cache').code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'elsewhere', 'public', 'llms.txt'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'build'))).toBe(false);
  });

  it('name the folders of serve, and of serve --watch', { timeout: 60_000 }, async () => {
    const dir = project({ content: 'site', out: 'build' });
    const watching = await serve(dir, '--watch');
    expect(watching.output).toContain('Watching site/');
    expect(watching.output).toContain('(build/)');
    expect((await fetch(`${watching.url}llms.txt`)).status).toBe(200);
    await stops.pop()!();
    const serving = await serve(dir);
    expect(serving.output).toContain('(build/)');
    expect((await fetch(`${serving.url}llms.txt`)).status).toBe(200);
  });

  it('that name a folder that does not exist are an error naming package.json and the key', () => {
    const dir = project({ content: 'sitee' });
    for (const args of [['validate'], ['build']]) {
      const result = run(dir, ...args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr).toContain(
        'package.json  error  `agentdir.content` names the folder `sitee`, which does not exist',
      );
      expect(result.stderr).toContain('Did you mean `site`?');
    }
    expect(fs.existsSync(path.join(dir, 'dist'))).toBe(false);
  });

  it('report an unknown key with the setting it was likely meant to be', () => {
    const result = run(project({ contnet: 'site' }), 'validate', '--format', 'json');
    expect(result.code).toBe(1);
    const { problems } = JSON.parse(result.stdout) as { problems: Record<string, string>[] };
    expect(problems).toEqual([
      expect.objectContaining({ code: 'InvalidSettings', file: 'package.json', field: 'agentdir.contnet' }),
    ]);
    expect(problems[0]!.hint).toContain('Did you mean `content`?');
  });

  it('report a value that is no folder path, or settings that are no object', () => {
    const wrongType = run(project({ content: 3 }), 'build');
    expect(wrongType.code).toBe(1);
    expect(wrongType.stderr).toContain('`agentdir.content` must be a folder path (a non-empty string)  (got 3)');
    const notObject = run(project('site'), 'validate');
    expect(notObject.code).toBe(1);
    expect(notObject.stderr).toContain('`agentdir` must be an object of settings');
    expect(notObject.stderr).toContain('"agentdir": {"content": "site"}');
  });
});

describe('agentdir new in a project', () => {
  it('prints the setting to add to package.json, and leaves package.json as it was', () => {
    const dir = tempDir('agentdir-project-');
    const manifest = `${JSON.stringify({ name: 'my-site', version: '1.0.0' }, null, 2)}\n`;
    fs.writeFileSync(path.join(dir, 'package.json'), manifest);
    const result = run(dir, 'new', 'site', '--name', 'Mine', '--url', 'https://mine.example');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"agentdir": { "content": "site" }');
    expect(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(manifest);
  });
});
