import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build as esbuild } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { generate } from '../scripts/bench/generate.mjs';
import { commonJsDynamicImports } from '../scripts/commonjs-dynamic-imports.mjs';
import { build } from '../src/compile/build.js';
import { testEpoch } from './helpers/build-fixture.js';
import { cliPath, fixturesDir, readTree, repoRoot, tempDir } from './helpers/fixtures.js';

// `npm run compile` bundles the CLI into lib/bundle/ (scripts/bundle-cli.mjs), and bin/agentdir.js
// runs from it: the bundle must build exactly what the modules build, its threads included.

describe('the CLI bundle', () => {
  it('is what bin/agentdir.js runs, and it builds on parse and render threads of its own', async () => {
    const bundle = path.join(repoRoot, 'lib', 'bundle');
    for (const entry of ['cli.js', 'parse-worker.js', 'render-worker.js', 'output-check-worker.js'])
      expect(fs.existsSync(path.join(bundle, entry))).toBe(true);
    // One generated resource more than the threads' threshold, so both pools start.
    const content = path.join(tempDir(), 'content');
    generate(content, { shape: 'directory', resources: 200, clusters: 2, articlesPerCluster: 2 });
    const outDir = path.join(tempDir(), 'dist');
    const moduleLog = path.join(tempDir(), 'modules.txt');
    const register = path.join(fixturesDir, 'module-log', 'register.mjs');
    const summary = JSON.parse(
      execFileSync(
        process.execPath,
        ['--import', pathToFileURL(register).href, cliPath, 'build', content, '--out', outDir, '--no-cache', '--json'],
        {
          cwd: repoRoot,
          encoding: 'utf8',
          env: { ...process.env, SOURCE_DATE_EPOCH: testEpoch, MODULE_LOG: moduleLog },
        },
      ),
    );
    expect(summary.ok).toBe(true);
    const loaded = fs.readFileSync(moduleLog, 'utf8').split('\n');
    expect(loaded).toContain(pathToFileURL(path.join(bundle, 'cli.js')).href);
    // None of the compiled modules of lib/ outside the bundle (the precompiled validators are CommonJS files of their own).
    expect(
      loaded.filter((url) => url.includes('/lib/') && !url.includes('/lib/bundle/') && !url.endsWith('.cjs')),
    ).toEqual([]);
    expect(summary.threads.parse).toBeGreaterThan(0);
    expect(summary.threads.render).toBeGreaterThan(0);
    const fromModules = await build({
      contentDir: content,
      outDir: path.join(tempDir(), 'from-modules'),
      sourceDateEpoch: testEpoch,
    });
    expect(fromModules.ok).toBe(true);
    const bundled = readTree(outDir);
    const modules = readTree(fromModules.outDir);
    expect([...bundled.keys()].sort()).toEqual([...modules.keys()].sort());
    const differing = [...bundled].filter(([file, bytes]) => !modules.get(file)?.equals(bytes)).map(([file]) => file);
    expect(differing).toEqual([]);
  });

  it('answers a build whose inputs are unchanged before the compiler is loaded', () => {
    const outDir = path.join(tempDir(), 'dist');
    const cacheDir = path.join(tempDir(), 'cache');
    // The CLI's modules as compiled, unbundled, so each module it loads shows by name.
    const main = pathToFileURL(path.join(repoRoot, 'lib', 'cli', 'main.js')).href;
    const compiler = ['lib/compile/build.js', 'lib/content/load-content.js'];
    const run = () => {
      const moduleLog = path.join(tempDir(), 'modules.txt');
      const output = execFileSync(
        process.execPath,
        [
          '--import',
          pathToFileURL(path.join(fixturesDir, 'module-log', 'register.mjs')).href,
          '--input-type=module',
          '--eval',
          `const { main } = await import(${JSON.stringify(main)}); process.exitCode = await main(['node', 'agentdir', ...process.argv.slice(1)]);`,
          'build',
          path.join(fixturesDir, 'minimal'),
          '--out',
          outDir,
          '--cache-dir',
          cacheDir,
        ],
        {
          cwd: repoRoot,
          encoding: 'utf8',
          env: { ...process.env, SOURCE_DATE_EPOCH: testEpoch, MODULE_LOG: moduleLog },
        },
      );
      const loaded = fs.readFileSync(moduleLog, 'utf8').split('\n');
      return { output, compiler: compiler.filter((module) => loaded.some((url) => url.endsWith(`/${module}`))) };
    };
    const first = run();
    expect(first.output).toMatch(/^Built /);
    expect(first.compiler).toEqual(compiler);
    const again = run();
    expect(again.output).toMatch(/^Up to date: /);
    expect(again.compiler).toEqual([]);
  });

  it('carries a digest of its own files, which the compiler key of every cache is made from', () => {
    const bundle = path.join(repoRoot, 'lib', 'bundle');
    const digest = createHash('sha256');
    for (const name of fs.readdirSync(bundle).sort())
      if (name !== 'code-digest.txt')
        digest
          .update(name)
          .update('\0')
          .update(fs.readFileSync(path.join(bundle, name)));
    expect(fs.readFileSync(path.join(bundle, 'code-digest.txt'), 'utf8')).toBe(`${digest.digest('hex')}\n`);
  });

  it('keeps every name its code takes from a chunk it loads lazily', async () => {
    const bundle = path.join(repoRoot, 'lib', 'bundle');
    const used = new Map<string, Set<string>>();
    const use = (chunk: string, names: string[]) => {
      const set = used.get(chunk) ?? new Set<string>();
      for (const name of names) set.add(name);
      used.set(chunk, set);
    };
    // `const { a, b: c } = await import("./x.js")`, `(await import("./x.js")).a`, `import("./x.js").then(({ a }) =>`.
    const patterns = [
      /const \{([^}]*)\} = await import\("\.\/([^"]+)"\)/g,
      /\(await import\("\.\/([^"]+)"\)\)\.(\w+)/g,
      /import\("\.\/([^"]+)"\)\.then\(\(\{([^}]*)\}\)/g,
    ];
    const namesOf = (list: string) =>
      list
        .split(',')
        .map((part) => part.split(':')[0]!.trim())
        .filter(Boolean);
    for (const file of fs.readdirSync(bundle).filter((name) => name.endsWith('.js'))) {
      const code = fs.readFileSync(path.join(bundle, file), 'utf8');
      for (const match of code.matchAll(/import\("\.\/([^"]+)"\)/g)) use(match[1]!, []);
      for (const match of code.matchAll(patterns[0]!)) use(match[2]!, namesOf(match[1]!));
      for (const match of code.matchAll(patterns[1]!)) use(match[1]!, [match[2]!]);
      for (const match of code.matchAll(patterns[2]!)) use(match[1]!, namesOf(match[2]!));
    }
    expect(used.size).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const [chunk, names] of used) {
      const exported = Object.keys(await import(pathToFileURL(path.join(bundle, chunk)).href));
      // A CommonJS package imported lazily becomes `export default require_x()`: no name of it is left.
      if (exported.length === 1 && exported[0] === 'default') missing.push(`${chunk}: only a default export`);
      for (const name of names) if (!exported.includes(name)) missing.push(`${chunk}: ${name}`);
    }
    expect(missing).toEqual([]);
  });

  it('is refused at build time when it would import a CommonJS package lazily', async () => {
    const fixture = path.join(fixturesDir, 'bundle-dynamic-commonjs');
    const { metafile } = await esbuild({
      absWorkingDir: repoRoot,
      entryPoints: [path.join(fixture, 'entry.js')],
      outdir: path.join(tempDir(), 'out'),
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      metafile: true,
      write: false,
      logLevel: 'silent',
    });
    expect(commonJsDynamicImports(metafile)).toEqual([
      {
        importer: 'test/fixtures/bundle-dynamic-commonjs/entry.js',
        specifier: 'liquidjs',
        module: 'node_modules/liquidjs/dist/liquid.node.js',
      },
    ]);
  });
});
