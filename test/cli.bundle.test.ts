import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generate } from '../scripts/bench/generate.mjs';
import { build } from '../src/build/build.js';
import { testEpoch } from './helpers/build-fixture.js';
import { cliPath, fixturesDir, readTree, repoRoot, tempDir } from './helpers/fixtures.js';

// `npm run compile` bundles the CLI into lib/bundle/ (scripts/bundle-cli.mjs), and bin/agentdir.js
// runs from it: the bundle must build exactly what the modules build, its threads included.

describe('the CLI bundle', () => {
  it('is what bin/agentdir.js runs, and it builds on parse and render threads of its own', async () => {
    const bundle = path.join(repoRoot, 'lib', 'bundle');
    for (const entry of ['cli.js', 'parse-worker.js', 'render-worker.js'])
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
});
