import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../src/compile/build.js';
import { checkOutputFolder } from '../src/compile/output-folder-guard.js';
import { buildFixture, testEpoch } from './helpers/build-fixture.js';
import { fixturesDir, readTree, tempDir } from './helpers/fixtures.js';
import { removersDone } from './helpers/discarded-outputs.js';
import { runCli } from './helpers/run-cli.js';

/** A project folder as people have them: content, a git folder, notes of their own. */
function project(): string {
  const root = path.join(tempDir(), 'project');
  fs.cpSync(path.join(fixturesDir, 'minimal'), path.join(root, 'content'), { recursive: true });
  fs.mkdirSync(path.join(root, '.git'));
  fs.writeFileSync(path.join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  fs.writeFileSync(path.join(root, 'notes.txt'), 'mine\n');
  return root;
}

function run(cwd: string, args: string[], env: Record<string, string> = {}) {
  return runCli(cwd, args, { env: { SOURCE_DATE_EPOCH: testEpoch, ...env } });
}

describe('build --out: a folder the build does not own is refused, with nothing touched', () => {
  it.each([
    ['the current folder', '.', 'is the current folder'],
    ['the content folder', 'content', 'is the content folder'],
    ['a folder inside the content folder', 'content/dist', 'is inside the content folder'],
    ['the parent of the current folder', '..', 'contains the current folder (.)'],
    ['a non-empty folder that holds no build', '.git', 'holds files but no previous agentdir build'],
  ])('%s', (_name, out, why) => {
    const root = project();
    const before = readTree(path.dirname(root));
    const result = run(root, ['build', 'content', '--out', out, '--no-cache']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(why);
    expect(result.stderr).toContain('UnsafeOutputFolder');
    expect(result.stderr).toContain('hint: ');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(readTree(path.dirname(root))).toEqual(before);
  });

  it('the home folder', () => {
    const root = project();
    const home = path.join(root, 'home');
    fs.mkdirSync(home);
    fs.writeFileSync(path.join(home, '.bashrc'), 'export A=1\n');
    const before = readTree(root);
    const result = run(root, ['build', 'content', '--out', home], { HOME: home });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is your home folder');
    expect(readTree(root)).toEqual(before);
  });

  it('a symlink that points at the content folder', () => {
    const root = project();
    fs.symlinkSync(path.join(root, 'content'), path.join(root, 'out'));
    const result = run(root, ['build', 'content', '--out', 'out']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is the content folder');
    expect(fs.existsSync(path.join(root, 'content', 'site.yaml'))).toBe(true);
  });

  it('the root of the file system (checked without running a build there)', () => {
    expect(checkOutputFolder({ outDir: '/', contentDir: 'content' })).toMatchObject({
      code: 'UnsafeOutputFolder',
      field: '--out',
    });
    expect(checkOutputFolder({ outDir: '/', contentDir: 'content' })!.message).toContain('root of the file system');
  });

  it('the same problem comes back as JSON with --json, and from the build API', async () => {
    const root = project();
    const result = run(root, ['build', 'content', '--out', '.', '--json']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, problems: [{ code: 'UnsafeOutputFolder' }] });
    const api = await build({ contentDir: path.join(root, 'content'), outDir: path.join(root, 'content') });
    expect(api.ok).toBe(false);
    expect(api.problems[0]!.code).toBe('UnsafeOutputFolder');
  });

  it('serve --watch refuses the same folders before its first build', () => {
    const root = project();
    const before = readTree(root);
    const result = run(root, ['serve', '.', '--watch', '--content', 'content', '--port', '0']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is the current folder');
    expect(readTree(root)).toEqual(before);
  });

  it('new refuses a folder that is not empty', () => {
    const root = project();
    const before = readTree(root);
    const result = run(root, ['new', '.', '--name', 'X', '--url', 'https://x.example']);
    expect(result.code).toBe(1);
    expect(readTree(root)).toEqual(before);
  });
});

describe('build --out: a build removes only what a build wrote', () => {
  it.each([
    ['a full build', false],
    ['an incremental build', true],
  ])('files someone else put in the output survive %s', async (_name, cache) => {
    const root = project();
    const out = path.join(root, 'dist');
    const extra = path.join(root, 'content', 'resources', 'wire-formats-copy.md');
    fs.copyFileSync(path.join(root, 'content', 'resources', 'wire-formats.md'), extra);
    await buildFixture(path.join(root, 'content'), out);
    expect(fs.existsSync(path.join(out, 'public', 'api', 'resources', 'wire-formats-copy.json'))).toBe(true);
    fs.writeFileSync(path.join(out, 'public', 'CNAME'), 'docs.example.com\n');
    fs.mkdirSync(path.join(out, '.deploy'));
    fs.writeFileSync(path.join(out, '.deploy', 'state'), 'deployed\n');
    fs.rmSync(extra);
    const cacheDir = cache ? path.join(root, 'cache') : null;
    if (cache)
      await build({ contentDir: path.join(root, 'content'), outDir: out, sourceDateEpoch: testEpoch, cacheDir });
    const result = await build({
      contentDir: path.join(root, 'content'),
      outDir: out,
      sourceDateEpoch: testEpoch,
      cacheDir,
    });
    expect(result.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(fs.readFileSync(path.join(out, 'public', 'CNAME'), 'utf8')).toBe('docs.example.com\n');
    expect(fs.readFileSync(path.join(out, '.deploy', 'state'), 'utf8')).toBe('deployed\n');
    expect(fs.existsSync(path.join(out, 'public', 'api', 'resources', 'wire-formats-copy.json'))).toBe(false);
  });

  it('a manifest naming files outside the output is not trusted, and nothing outside is removed', async () => {
    const root = project();
    const out = path.join(root, 'dist');
    await buildFixture(path.join(root, 'content'), out);
    const manifestFile = path.join(out, 'build-manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { files: unknown[] };
    manifest.files.push(['../notes.txt', 5]);
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    const result = await build({
      contentDir: path.join(root, 'content'),
      outDir: out,
      sourceDateEpoch: testEpoch,
      cacheDir: path.join(root, 'cache'),
    });
    expect(result.ok).toBe(false);
    expect(result.problems[0]!.message).toContain('no previous agentdir build');
    expect(fs.readFileSync(path.join(root, 'notes.txt'), 'utf8')).toBe('mine\n');
  });
});

describe('build --out: what a killed build left behind is cleaned up by the next one', () => {
  it('removes stale staging folders (they may hold premium text) and retired outputs', async () => {
    const root = project();
    const out = path.join(root, 'dist');
    await buildFixture(path.join(root, 'content'), out);
    // Process ids above the kernel's maximum: no such process runs.
    fs.cpSync(out, path.join(root, '.agentdir-staging-dist-99999991'), { recursive: true });
    fs.cpSync(out, path.join(root, '.agentdir-retired-dist-99999992'), { recursive: true });
    // A previous output whose remover died with its process.
    fs.cpSync(out, path.join(root, '.agentdir-discarded-dist-99999994.1'), { recursive: true });
    await buildFixture(path.join(root, 'content'), out);
    await removersDone(root);
    expect(fs.readdirSync(root).sort()).toEqual(['.git', 'content', 'dist', 'notes.txt']);
  });

  it('restores the previous output when a build was killed between the two renames of its swap', async () => {
    const root = project();
    const out = path.join(root, 'dist');
    await buildFixture(path.join(root, 'content'), out);
    fs.writeFileSync(path.join(out, 'public', 'CNAME'), 'docs.example.com\n');
    fs.renameSync(out, path.join(root, '.agentdir-retired-dist-99999993'));
    await buildFixture(path.join(root, 'content'), out);
    expect(fs.readFileSync(path.join(out, 'public', 'CNAME'), 'utf8')).toBe('docs.example.com\n');
    await removersDone(root);
    expect(fs.readdirSync(root).sort()).toEqual(['.git', 'content', 'dist', 'notes.txt']);
  });

  it('leaves the staging folder of a build that is still running', async () => {
    const root = project();
    const out = path.join(root, 'dist');
    const running = path.join(root, `.agentdir-staging-dist-${process.ppid}`);
    fs.mkdirSync(running);
    await buildFixture(path.join(root, 'content'), out);
    expect(fs.existsSync(running)).toBe(true);
  });

  it('an interrupted in-place commit leaves a folder the next build still owns, and rebuilds it in full', async () => {
    const root = project();
    const out = path.join(root, 'dist');
    const cacheDir = path.join(root, 'cache');
    await build({ contentDir: path.join(root, 'content'), outDir: out, sourceDateEpoch: testEpoch, cacheDir });
    const manifestFile = path.join(out, 'build-manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as {
      inputKey: string;
      files: [string, number][];
    };
    fs.writeFileSync(
      manifestFile,
      JSON.stringify({ ...manifest, inputKey: '', files: manifest.files.map(([file]) => [file, -1]), summary: null }),
    );
    const result = await build({
      contentDir: path.join(root, 'content'),
      outDir: out,
      sourceDateEpoch: testEpoch,
      cacheDir,
    });
    expect(result.ok).toBe(true);
    const fresh = path.join(root, 'fresh');
    await buildFixture(path.join(root, 'content'), fresh);
    const strip = (tree: Map<string, Buffer>) => new Map([...tree].filter(([file]) => file !== 'build-manifest.json'));
    expect(strip(readTree(out))).toEqual(strip(readTree(fresh)));
  });
});

describe('options are checked before any work, in the style of content problems', () => {
  it.each([['docs.acme.com'], ['ftp://docs.acme.com'], ['https://docs.acme.com/?x=1'], ['not a url']])(
    '--base-url %s',
    (value) => {
      const root = project();
      for (const args of [
        ['validate', 'content'],
        ['build', 'content', '--out', 'dist'],
        ['serve', 'dist', '--watch', '--content', 'content', '--port', '0'],
      ]) {
        const result = run(root, [...args, '--base-url', value]);
        expect(result.code, args.join(' ')).toBe(1);
        expect(result.stderr).toContain('InvalidOption');
        expect(result.stderr).toContain('hint: Write it with its scheme');
        expect(result.stderr).not.toMatch(/\n\s+at /);
      }
      expect(fs.existsSync(path.join(root, 'dist'))).toBe(false);
    },
  );
});

describe('build --out: the previous output is deleted after the build, by a process of its own', () => {
  it('a full rebuild returns with the new output in place while the old one is still being deleted', async () => {
    const root = project();
    const out = path.join(root, 'dist');
    await buildFixture(path.join(root, 'content'), out);
    // Enough files that deleting them takes far longer than starting a process.
    const bulk = path.join(out, 'public', 'bulk');
    fs.mkdirSync(bulk);
    const manifestFile = path.join(out, 'build-manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { files: [string, number][] };
    for (let index = 0; index < 20_000; index++) {
      fs.writeFileSync(path.join(bulk, `${index}.txt`), 'x');
      manifest.files.push([`public/bulk/${index}.txt`, 1]);
    }
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    const result = await buildFixture(path.join(root, 'content'), out);
    expect(result.ok).toBe(true);
    expect(fs.existsSync(bulk)).toBe(false);
    expect(fs.existsSync(path.join(out, 'public', 'index.html'))).toBe(true);
    const waiting = fs.readdirSync(root).filter((name) => name.startsWith('.agentdir-discarded-dist-'));
    expect(waiting).toEqual([expect.stringMatching(new RegExp(`^\\.agentdir-discarded-dist-${process.pid}\\.\\d+$`))]);
    await removersDone(root);
  });
});
