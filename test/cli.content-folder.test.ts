import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDir, tempDir } from './helpers/fixtures.js';
import { runCli } from './helpers/run-cli.js';

/** The CLI run in `cwd`, as `npx agentdir ...` runs it in a user's project; a server that starts is stopped after 20 s. */
function run(cwd: string, ...args: string[]) {
  return runCli(cwd, args, { timeout: 20_000 });
}

/** A project folder as `npm init -y` leaves it, with a content folder `site` made by `agentdir new`. */
function project(): string {
  const dir = tempDir('agentdir-project-');
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    `${JSON.stringify({ name: 'my-site', version: '1.0.0' }, null, 2)}\n`,
  );
  fs.cpSync(path.join(fixturesDir, 'minimal'), path.join(dir, 'site'), { recursive: true });
  return dir;
}

describe('a content folder that does not exist', () => {
  it.each([
    ['validate nope', ['validate', 'nope']],
    ['build nope', ['build', 'nope']],
    ['serve --watch --content nope', ['serve', '--watch', '--content', 'nope', '--port', '0']],
  ])('`%s` says that the folder `nope` does not exist, suggests the one nearby, and exits 1', (_name, args) => {
    const dir = project();
    const result = run(dir, ...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the content folder `nope` does not exist');
    expect(result.stderr).toContain('Did you mean `site`?');
    expect(result.stderr).not.toContain('site.yaml is missing');
    expect(result.stdout).not.toContain('agentdir serve: http');
    expect(fs.existsSync(path.join(dir, 'dist'))).toBe(false);
  });

  it('is one problem with a code in --format json', () => {
    const result = run(project(), 'validate', 'nope', '--format', 'json');
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { problems: Record<string, unknown>[] };
    expect(report.problems).toEqual([
      expect.objectContaining({ code: 'MissingContentFolder', file: 'nope', severity: 'error' }),
    ]);
  });

  it('without a folder nearby, says how to make one', () => {
    const dir = tempDir('agentdir-empty-');
    const result = run(dir, 'build');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the default content folder `content` does not exist');
    expect(result.stderr).toContain('npx agentdir new content');
  });
});

describe('agentdir serve given the content folder', () => {
  it('with --watch, asks whether --content was meant, and leaves the folder alone', () => {
    const dir = project();
    const before = fs.readdirSync(path.join(dir, 'site')).sort();
    const result = run(dir, 'serve', '--watch', 'site', '--port', '0');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('did you mean `--content site`?');
    expect(result.stderr).not.toContain('UnsafeOutputFolder');
    expect(fs.readdirSync(path.join(dir, 'site')).sort()).toEqual(before);
  });

  it('without --watch, says to build it or watch it', () => {
    const result = run(project(), 'serve', 'site', '--port', '0');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('`site` is a content folder');
    expect(result.stderr).toContain('agentdir serve --watch --content site');
  });
});
