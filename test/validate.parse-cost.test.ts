import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../scripts/bench/generate.mjs';
import { buildFixture } from './helpers/build-fixture.js';
import { cliPath, copyFixture, readTree, repoRoot, tempDir } from './helpers/fixtures.js';
import { eventually, startWatchServer } from './helpers/watch-server.js';

const resource = (dir: string) => path.join(dir, 'resources', 'wire-formats.md');

/** The minimal fixture with `body` appended to the body of wire-formats.md. */
function withBody(body: string): string {
  const dir = copyFixture('minimal');
  fs.appendFileSync(resource(dir), `\n\n${body}\n`);
  return dir;
}

/** Runs the real CLI; `took` is its wall time in ms. */
function cli(args: string[]) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [cliPath, ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { ...result, took: performance.now() - started };
}

/** 8 MiB, less room for the fixture's front matter: shallow paragraphs, then underlined headings below them all. */
function eightMebibytes(): string {
  const paragraph = `${'['.repeat(50)}${'*'.repeat(50)}x and some words to read\n\n`;
  const headings = 'Heading\n=======\n\n'.repeat(300);
  return paragraph.repeat(Math.floor((8 * 1024 * 1024 - 2048 - headings.length) / paragraph.length)) + headings;
}

/** Bodies that took seconds to hours to parse, or overflowed the stack: the code each must be refused with. */
const costly: [string, () => string, string][] = [
  [
    '10 KB of emphasis: 5,000 `*`, a letter, 5,000 `*`',
    () => `${'*'.repeat(5000)}x${'*'.repeat(5000)}`,
    'NestingTooDeep',
  ],
  ['32 KB of underlined headings', () => 'a\n=\n'.repeat(8000), 'ParseBudgetExceeded'],
  ['112 KB of underlined headings', () => 'a\n=\n'.repeat(28_000), 'ParseBudgetExceeded'],
  ['100,000 nested brackets', () => `${'['.repeat(50_000)}${']'.repeat(50_000)}`, 'NestingTooDeep'],
  ['8 MiB of shallow paragraphs with underlined headings below them', eightMebibytes, 'ParseBudgetExceeded'],
];

describe('a body too costly to parse is a located problem within seconds, never a hang or a stack trace', () => {
  it.each(costly)('validate: %s', (_name, body, code) => {
    const dir = withBody(body());
    const result = cli(['validate', dir, '--format', 'json', '--no-cache']);
    expect(result.took).toBeLessThan(5_000);
    expect(result.status).toBe(1);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/\n\s+at |RangeError|Maximum call stack/);
    const { problems } = JSON.parse(result.stdout) as { problems: { code: string; file: string; line: number }[] };
    const problem = problems.find((item) => item.code === code);
    expect(problem?.file).toMatch(/resources\/wire-formats\.md$/);
    // Past the front matter and the fixture's own body: the line where the limit was crossed.
    expect(problem!.line).toBeGreaterThan(20);
  });

  it.each(costly)('build: %s, the previous output left as it was', (_name, body, code) => {
    const dir = copyFixture('minimal');
    const out = path.join(tempDir(), 'dist');
    expect(cli(['build', dir, '--out', out, '--no-cache']).status).toBe(0);
    const before = readTree(out);
    fs.appendFileSync(resource(dir), `\n\n${body()}\n`);
    const result = cli(['build', dir, '--out', out, '--no-cache']);
    expect(result.status).toBe(1);
    expect(result.took).toBeLessThan(10_000);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/\n\s+at |RangeError|Maximum call stack/);
    expect(result.stderr).toContain(code);
    expect(readTree(out)).toEqual(before);
  });

  it('says the same from the parse cache as without it', () => {
    for (const body of [costly[0]![1](), costly[1]![1]()]) {
      const dir = withBody(body);
      const cacheDir = path.join(tempDir(), 'cache');
      const runs = [1, 2, 3].map(() => cli(['validate', dir, '--format', 'json', '--cache-dir', cacheDir]));
      runs.push(cli(['validate', dir, '--format', 'json', '--no-cache']));
      for (const run of runs) expect(run.status).toBe(1);
      const reports = runs.map((run) => JSON.parse(run.stdout).problems);
      for (const report of reports) expect(report).toEqual(reports[0]);
    }
  });

  it('a 1 MiB document of the ordinary kind is not refused', () => {
    const generated = path.join(tempDir(), 'generated');
    generate(generated, { shape: 'directory', resources: 260 });
    const bodies = fs
      .readdirSync(path.join(generated, 'resources'))
      .map((name) =>
        fs.readFileSync(path.join(generated, 'resources', name), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''),
      );
    const body = bodies.join('\n\n');
    expect(body.length).toBeGreaterThan(1_000_000);
    const dir = withBody(body);
    const result = cli(['validate', dir, '--format', 'json', '--no-cache']);
    const codes = (JSON.parse(result.stdout) as { problems: { code: string }[] }).problems.map((item) => item.code);
    expect(codes).not.toContain('ParseBudgetExceeded');
    expect(codes).not.toContain('NestingTooDeep');
  });
});

describe('serve --watch', () => {
  it('shows a body too costly to parse as a problem page, and serves the page again once it is fixed', async () => {
    const content = copyFixture('minimal');
    const dist = (await buildFixture(content)).outDir;
    const server = await startWatchServer(dist, content);
    try {
      const file = resource(content);
      const good = fs.readFileSync(file, 'utf8');
      for (const [, body, code] of [costly[0]!, costly[1]!]) {
        fs.writeFileSync(file, `${good}\n\n${body()}\n`);
        await eventually(async () => {
          const broken = await server.get('/resources/getting-started', { Accept: 'text/html' });
          expect(broken.status).toBe(500);
          expect(broken.text).toContain(code);
          expect(broken.text).toContain('wire-formats.md');
        });
      }
      fs.writeFileSync(file, good);
      await eventually(async () => {
        expect((await server.get('/resources/wire-formats', { Accept: 'text/html' })).status).toBe(200);
      });
      expect(server.output()).not.toMatch(/\n\s+at |RangeError|Maximum call stack/);
    } finally {
      await server.close();
    }
  });
});
