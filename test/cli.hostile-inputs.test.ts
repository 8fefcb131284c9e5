import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliPath, copyFixture, fixturesDir, tempDir } from './helpers/fixtures.js';
import { stackTraceLines } from './helpers/stack-trace.js';

// Input a user can get wrong, run through the CLI as installed (bin/agentdir.js and its bundle):
// each is a problem to act on with exit code 1, never a stack trace, which only a bug may print.

interface HostileCase {
  /** Arguments after `agentdir`, given the content folder (run from its parent, named by its base name). */
  args: (content: string, out: string) => string[];
  env?: Record<string, string>;
  /** Changes the copy of the minimal fixture. */
  prepare?: (content: string) => void;
}

function replaceInSite(content: string, find: string, replace: string): void {
  const file = path.join(content, 'site.yaml');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(find, replace));
}

function brokenTemplate(kind: 'syntax' | 'runtime') {
  return (content: string) => {
    fs.cpSync(path.join(fixturesDir, 'broken-templates', kind), path.join(content, 'my-templates'), {
      recursive: true,
    });
    fs.appendFileSync(path.join(content, 'site.yaml'), 'templates: my-templates\n');
  };
}

const build = (content: string, out: string) => ['build', content, '--out', out, '--no-cache'];
const validate = (content: string) => ['validate', content, '--no-cache'];

const cases: Record<string, HostileCase> = {
  'a custom template with a Liquid syntax error': { args: build, prepare: brokenTemplate('syntax') },
  'a custom template that fails while rendering': { args: build, prepare: brokenTemplate('runtime') },
  ...Object.fromEntries(
    ['99999999999999', '-1', 'tomorrow', '1.5'].map((value) => [
      `SOURCE_DATE_EPOCH=${value} for build`,
      { args: build, env: { SOURCE_DATE_EPOCH: value } },
    ]),
  ),
  'SOURCE_DATE_EPOCH=99999999999999 for validate': { args: validate, env: { SOURCE_DATE_EPOCH: '99999999999999' } },
  'site.yaml url with port 99999, built': {
    args: build,
    prepare: (content) => replaceInSite(content, 'url: https://fixture.example', 'url: "https://t.example:99999/"'),
  },
  'site.yaml url with port 99999, validated': {
    args: validate,
    prepare: (content) => replaceInSite(content, 'url: https://fixture.example', 'url: "https://t.example:99999/"'),
  },
  'site.yaml url with credentials': {
    args: build,
    prepare: (content) => replaceInSite(content, 'url: https://fixture.example', 'url: "https://user:pw@t.example/"'),
  },
  'a checkout URL with port 0': {
    args: build,
    prepare: (content) =>
      replaceInSite(
        content,
        'payment_url: https://fixture.example/buy',
        'payment_url: "https://fixture.example:0/buy"',
      ),
  },
  '--base-url with port 99999': {
    args: (content, out) => [...build(content, out), '--base-url', 'https://t.example:99999'],
  },
};

describe('hostile input to the CLI', () => {
  it.each(Object.keys(cases))('%s: a problem and exit code 1, no stack trace', (name) => {
    const { args, env = {}, prepare } = cases[name]!;
    const content = copyFixture('minimal');
    prepare?.(content);
    const result = spawnSync(
      process.execPath,
      [cliPath, ...args(path.basename(content), path.join(tempDir(), 'dist'))],
      {
        cwd: path.dirname(content),
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', SOURCE_DATE_EPOCH: '1780272000', ...env },
      },
    );
    expect(stackTraceLines(`${result.stdout}\n${result.stderr}`)).toEqual([]);
    expect(result.status, result.stderr).toBe(1);
    // A problem of the catalog, with its code and what to do.
    expect(result.stderr).toMatch(/ {2}error {2}.+ {2}\[[A-Za-z]+: .+\]\n/);
    expect(result.stderr).toContain('hint: ');
  });
});
