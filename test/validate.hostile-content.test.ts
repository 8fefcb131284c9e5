import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliPath, copyFixture, repoRoot, tempDir } from './helpers/fixtures.js';

const bomb = [
  'a: &a ["x","x","x","x","x","x","x","x","x"]',
  ...['b', 'c', 'd', 'e', 'f', 'g'].map(
    (name, index) => `${name}: &${name} [${Array(9).fill(`*${'abcdef'[index]}`).join(',')}]`,
  ),
].join('\n');

/** Each way content can be hostile: what to write into a copy of the minimal fixture. */
const cases: [string, (dir: string) => void, string][] = [
  [
    'a YAML alias bomb in front matter',
    (dir) => fs.writeFileSync(path.join(dir, 'resources', 'bomb.md'), `---\ntitle: Bomb\n${bomb}\n---\nBody\n`),
    'YamlSyntax',
  ],
  [
    'a YAML alias bomb in site.yaml',
    (dir) => fs.appendFileSync(path.join(dir, 'site.yaml'), `\nextra:\n${bomb.replace(/^/gm, '  ')}\n`),
    'YamlSyntax',
  ],
  [
    'nesting 20,000 deep',
    (dir) => fs.appendFileSync(path.join(dir, 'resources', 'wire-formats.md'), `\n${'>'.repeat(20_000)} x\n`),
    'NestingTooDeep',
  ],
  [
    'a 9 MiB resource',
    (dir) =>
      fs.writeFileSync(
        path.join(dir, 'resources', 'huge.md'),
        `---\ntitle: Huge\n---\n${'word '.repeat((9 * 1024 * 1024) / 5 + 10)}`,
      ),
    'FileTooLarge',
  ],
  [
    'a 20 MiB resource',
    (dir) => fs.writeFileSync(path.join(dir, 'resources', 'huge.md'), Buffer.alloc(20 * 1024 * 1024, 'a')),
    'FileTooLarge',
  ],
  [
    '10,000 nested list levels and a 10,000-deep flow map in YAML',
    (dir) => {
      fs.appendFileSync(
        path.join(dir, 'resources', 'wire-formats.md'),
        `\n${Array.from({ length: 10_000 }, (_, level) => `${'  '.repeat(level)}- x`).join('\n')}\n`,
      );
      fs.writeFileSync(
        path.join(dir, 'resources', 'deep-yaml.md'),
        `---\ntitle: Deep\nextra: ${'{a: '.repeat(10_000)}\n---\nBody\n`,
      );
    },
    'NestingTooDeep',
  ],
  [
    'a NUL byte',
    (dir) => fs.appendFileSync(path.join(dir, 'resources', 'wire-formats.md'), 'a\u0000b\n'),
    'InvalidText',
  ],
  [
    'invalid UTF-8',
    (dir) => fs.appendFileSync(path.join(dir, 'resources', 'wire-formats.md'), Buffer.from([0xc3, 0x28, 0x0a])),
    'InvalidText',
  ],
  [
    'a symlink out of the folder',
    (dir) => fs.symlinkSync('/etc/hostname', path.join(dir, 'resources', 'host.md')),
    'ContentOutsideFolder',
  ],
];

describe('every problem content can cause is a located problem with exit 1, never a stack trace', () => {
  it.each(cases)('%s', (_name, spoil, code) => {
    const dir = copyFixture('minimal');
    spoil(dir);
    const result = spawnSync(process.execPath, [cliPath, 'validate', dir, '--format', 'json'], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.stderr).not.toMatch(/\n\s+at |Error:/);
    expect(result.status).toBe(1);
    const report = JSON.parse(result.stdout) as { problems: { code: string; file: string }[] };
    expect(report.problems.map((problem) => problem.code)).toContain(code);
  });

  it('a 100,000-character line is read, rendered and checked like any other', () => {
    const dir = copyFixture('minimal');
    fs.appendFileSync(
      path.join(dir, 'resources', 'wire-formats.md'),
      `\n${'word '.repeat(20_000)}[broken](/resources/no-such-thing)\n`,
    );
    const started = performance.now();
    const result = spawnSync(process.execPath, [cliPath, 'validate', dir, '--format', 'json'], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(result.status).toBe(1);
    expect(
      (JSON.parse(result.stdout) as { problems: { code: string }[] }).problems.map((problem) => problem.code),
    ).toContain('BrokenInternalLink');
    // The human format quotes a window of the line around the problem, not 100,000 characters.
    const human = spawnSync(process.execPath, [cliPath, 'validate', dir], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, NO_COLOR: '1' },
    });
    const quoted = human.stderr.split('\n').filter((line) => /^\s+\d+ \| /.test(line));
    expect(quoted.length).toBeGreaterThan(0);
    for (const line of quoted) expect(line.length).toBeLessThan(200);
    expect(quoted[0]).toContain('[broken](/resources/no-such-thing)');
  });

  it('the same for build: exit 1, the previous output untouched', () => {
    const dir = copyFixture('minimal');
    const out = path.join(tempDir(), 'dist');
    cases[0]![1](dir);
    const result = spawnSync(process.execPath, [cliPath, 'build', dir, '--out', out, '--no-cache'], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(fs.existsSync(out)).toBe(false);
  });
});
