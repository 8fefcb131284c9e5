import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../src/compile/build.js';
import { loadContent } from '../src/content/load-content.js';
import { testEpoch } from './helpers/build-fixture.js';
import { cliPath, copyFixture, repoRoot, tempDir } from './helpers/fixtures.js';

function validate(dir: string, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [cliPath, 'validate', dir], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 20_000,
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  return { code: result.status, output: result.stdout + result.stderr };
}

describe('content paths that lead outside the content folder are refused unread', () => {
  it('a link to /proc/self/environ: located problem, nothing of the environment printed', () => {
    const dir = copyFixture('minimal');
    fs.symlinkSync('/proc/self/environ', path.join(dir, 'resources', 'environ.md'));
    const result = validate(dir, { AGENTDIR_TEST_SECRET: 'do-not-print-this-value' });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/resources\/environ\.md {2}error {2}this path leads outside the content folder/);
    expect(result.output).toContain('ContentOutsideFolder');
    expect(result.output).not.toContain('do-not-print-this-value');
    expect(result.output).not.toMatch(/\n\s+at /);
  });

  it('a link to /etc/passwd as site.yaml', () => {
    const dir = copyFixture('minimal');
    fs.rmSync(path.join(dir, 'site.yaml'));
    fs.symlinkSync('/etc/passwd', path.join(dir, 'site.yaml'));
    const result = validate(dir);
    expect(result.code).toBe(1);
    expect(result.output).toContain('ContentOutsideFolder');
    expect(result.output).not.toContain('root:');
  });

  it('a valid Markdown file outside, linked in (as a file or through a linked folder), is never published', async () => {
    const dir = copyFixture('minimal');
    const elsewhere = tempDir();
    const text = fs
      .readFileSync(path.join(dir, 'resources', 'wire-formats.md'), 'utf8')
      .replace(/^title: .*$/m, 'title: Private notes from elsewhere');
    fs.writeFileSync(path.join(elsewhere, 'private-notes.md'), text);
    fs.symlinkSync(path.join(elsewhere, 'private-notes.md'), path.join(dir, 'resources', 'private-notes.md'));
    fs.cpSync(path.join(dir, 'articles', 'basics'), path.join(elsewhere, 'cluster'), { recursive: true });
    fs.symlinkSync(path.join(elsewhere, 'cluster'), path.join(dir, 'articles', 'linked'));
    const { model, problems } = await loadContent(dir);
    expect(model).toBeUndefined();
    const refused = problems
      .filter((problem) => problem.code === 'ContentOutsideFolder')
      .map((problem) => path.basename(problem.file));
    expect(refused).toEqual(expect.arrayContaining(['private-notes.md', 'cluster.yaml', 'basics-guide.md']));
    const outDir = path.join(tempDir(), 'dist');
    const result = await build({ contentDir: dir, outDir, sourceDateEpoch: testEpoch });
    expect(result.ok).toBe(false);
    expect(fs.existsSync(outDir)).toBe(false);
  });

  it('a named pipe or a link to a device in resources/ is never read (no hang), and is reported', async () => {
    const dir = copyFixture('minimal');
    expect(spawnSync('mkfifo', [path.join(dir, 'resources', 'pipe.md')]).status).toBe(0);
    fs.symlinkSync('/dev/zero', path.join(dir, 'resources', 'zero.md'));
    const started = performance.now();
    const result = validate(dir);
    expect(result.code).toBe(1);
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(result.output).toMatch(/resources\/pipe\.md {2}error {2}this is a named pipe/);
    expect(result.output).toMatch(/resources\/zero\.md {2}error {2}this symlink leads to a character device/);
    const outDir = path.join(tempDir(), 'dist');
    expect((await build({ contentDir: dir, outDir, sourceDateEpoch: testEpoch })).ok).toBe(false);
  });

  it('a folder replaced by a link out of the folder is refused on the next load of the same process', async () => {
    const dir = copyFixture('minimal');
    expect(
      (await loadContent(dir, { threads: false })).problems.filter((problem) => problem.severity === 'error'),
    ).toEqual([]);
    const elsewhere = path.join(tempDir(), 'basics');
    fs.renameSync(path.join(dir, 'articles', 'basics'), elsewhere);
    fs.symlinkSync(elsewhere, path.join(dir, 'articles', 'basics'));
    const { problems } = await loadContent(dir, { threads: false });
    expect(problems.some((problem) => problem.code === 'ContentOutsideFolder')).toBe(true);
  });

  it('a link that stays inside the content folder is read as usual', async () => {
    const dir = copyFixture('minimal');
    const target = path.join(dir, 'resources', 'wire-formats.md');
    fs.mkdirSync(path.join(dir, 'drafts'));
    fs.renameSync(target, path.join(dir, 'drafts', 'wire-formats.md'));
    fs.symlinkSync(path.join(dir, 'drafts', 'wire-formats.md'), target);
    const { model, problems } = await loadContent(dir);
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(model!.resources.map((resource) => resource.slug)).toContain('wire-formats');
  });
});
