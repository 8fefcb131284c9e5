import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliPath, tempDir } from './helpers/fixtures.js';

/** `agentdir keys create` run in `cwd`, with no key file named: it writes `.agentdir/keys.json` there. */
function createKey(cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(process.execPath, [cliPath, 'keys', 'create', '--tier', 'starter'], {
    cwd,
    encoding: 'utf8',
    env,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A fresh git work tree, as `git init` leaves it. */
function gitProject(): string {
  const project = tempDir('agentdir-git-');
  execFileSync('git', ['init', '-q', project]);
  return project;
}

/** What `git status` would offer to add: untracked files, one per line, ignored ones left out. */
function untracked(project: string): string[] {
  return execFileSync('git', ['ls-files', '--others', '--exclude-standard'], { cwd: project, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
}

describe('agentdir keys create in a git work tree', () => {
  it('adds .agentdir/ to the .gitignore of the work tree, creating it, and says so', () => {
    const project = gitProject();
    const run = createKey(project);
    expect(run.code).toBe(0);
    expect(fs.readFileSync(path.join(project, '.gitignore'), 'utf8')).toBe('.agentdir/\n');
    expect(run.stderr).toContain('Added `.agentdir/` to .gitignore');
    expect(untracked(project)).toEqual(['.gitignore']);
  });

  it('appends to an existing .gitignore on a line of its own, and only once', () => {
    const project = gitProject();
    fs.writeFileSync(path.join(project, '.gitignore'), 'node_modules/');
    expect(createKey(project).code).toBe(0);
    const second = createKey(project);
    expect(second.code).toBe(0);
    expect(second.stderr).not.toContain('.gitignore');
    expect(fs.readFileSync(path.join(project, '.gitignore'), 'utf8')).toBe('node_modules/\n.agentdir/\n');
  });

  it('uses the .gitignore at the root of the work tree when run in a subfolder', () => {
    const project = gitProject();
    const docs = path.join(project, 'docs');
    fs.mkdirSync(docs);
    const run = createKey(docs);
    expect(run.code).toBe(0);
    expect(fs.existsSync(path.join(docs, '.agentdir', 'keys.json'))).toBe(true);
    expect(fs.readFileSync(path.join(project, '.gitignore'), 'utf8')).toBe('.agentdir/\n');
    expect(run.stderr).toContain(`Added \`.agentdir/\` to ${path.join(fs.realpathSync(project), '.gitignore')}`);
    expect(untracked(project)).toEqual(['.gitignore']);
  });

  it('leaves .gitignore alone when git already ignores the key file', () => {
    const project = gitProject();
    fs.writeFileSync(path.join(project, '.gitignore'), '.agentdir\n');
    const run = createKey(project);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('.gitignore');
    expect(fs.readFileSync(path.join(project, '.gitignore'), 'utf8')).toBe('.agentdir\n');
  });

  it('does nothing outside a work tree, or where git is not installed', () => {
    const plain = tempDir('agentdir-plain-');
    expect(createKey(plain).code).toBe(0);
    expect(fs.existsSync(path.join(plain, '.gitignore'))).toBe(false);

    const project = gitProject();
    const run = createKey(project, { ...process.env, PATH: tempDir('agentdir-no-git-') });
    expect(run.code).toBe(0);
    expect(fs.existsSync(path.join(project, '.gitignore'))).toBe(false);
  });
});
