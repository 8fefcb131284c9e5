import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { build } from '../src/compile/build.js';
import { RenderPool } from '../src/compile/render-pool.js';
import { loadContent } from '../src/content/load-content.js';
import { buildFixture, testEpoch } from './helpers/build-fixture.js';
import { readTree, repoRoot, tempDir } from './helpers/fixtures.js';

// The default directory has more than a hundred documents: enough for the parse and render threads
// (they start from 64 documents, and need the compiled lib/, which `npm test` builds first).
function copyDefaultContent(): string {
  const content = path.join(tempDir(), 'content');
  fs.cpSync(path.join(repoRoot, 'content'), content, { recursive: true });
  return content;
}

describe('parsing and rendering on worker threads', () => {
  it('gives the same output, byte for byte, as a build on the main thread alone', async () => {
    const content = copyDefaultContent();
    const threaded = await build({
      contentDir: content,
      outDir: path.join(tempDir(), 'dist'),
      sourceDateEpoch: testEpoch,
    });
    const single = await build({
      contentDir: content,
      outDir: path.join(tempDir(), 'dist'),
      sourceDateEpoch: testEpoch,
      threads: false,
    });
    expect(threaded.ok && single.ok).toBe(true);
    expect(threaded.threads.parse).toBeGreaterThan(0);
    expect(threaded.threads.render).toBeGreaterThan(0);
    expect(single.threads).toEqual({ parse: 0, render: 0 });
    const [a, b] = [readTree(threaded.outDir), readTree(single.outDir)];
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    expect([...a].filter(([file, bytes]) => !bytes.equals(b.get(file)!)).map(([file]) => file)).toEqual([]);
  }, 60_000);

  it('stops on a template error met while a thread renders a page, reports it at its line, and leaves the previous output as it was', async () => {
    const content = copyDefaultContent();
    // The previous output: the same bytes as any build of content/ (shared with other files of the run).
    const { outDir } = await buildFixture(content);
    const before = readTree(outDir);
    // A custom resource template that fails only for the last resource, long after threads have taken over.
    const last = fs.readdirSync(path.join(content, 'resources')).sort().at(-1)!.replace(/\.md$/, '');
    const templates = path.join(content, 'theme');
    fs.mkdirSync(templates);
    const builtIn = fs.readFileSync(path.join(repoRoot, 'templates', 'resource.liquid'), 'utf8');
    fs.writeFileSync(
      path.join(templates, 'resource.liquid'),
      builtIn.replace(
        '{% block content -%}',
        `{% block content -%}{% if resource.slug == "${last}" %}{% render 'partials/no-such-partial' %}{% endif %}`,
      ),
    );
    fs.appendFileSync(path.join(content, 'site.yaml'), '\ntemplates: theme\n');
    const failed = await build({ contentDir: content, outDir, sourceDateEpoch: testEpoch });
    expect(failed.ok).toBe(false);
    expect(failed.threads.render).toBeGreaterThan(0);
    // The user's template, not agentdir: a problem at its line, as on the main thread (build.template-errors.test.ts).
    expect(failed.problems).toEqual([
      expect.objectContaining({ code: 'TemplateError', line: 2, message: expect.stringMatching(/no-such-partial/) }),
    ]);
    expect(
      [...readTree(outDir)]
        .filter(([file, bytes]) => !bytes.equals(before.get(file) ?? Buffer.alloc(0)))
        .map(([file]) => file),
    ).toEqual([]);
    expect(fs.readdirSync(path.dirname(outDir)).filter((name) => name.startsWith('.agentdir-'))).toEqual([]);
  }, 60_000);
});

describe('render threads', () => {
  it('are done and gone before the full-text index is made, not left to the end of the build', async () => {
    const result = await build({
      contentDir: copyDefaultContent(),
      outDir: path.join(tempDir(), 'dist'),
      sourceDateEpoch: testEpoch,
    });
    expect(result.ok).toBe(true);
    expect(result.threads.render).toBeGreaterThan(0);
    // The index holds every document's part at once: the threads' memory must not be held beside it.
    const order = result.emitters.map((phase) => phase.phase);
    expect(order.indexOf('render threads (waiting)')).toBeGreaterThan(-1);
    expect(order.indexOf('render threads (waiting)')).toBe(order.indexOf('emitSearchIndex') - 1);
  }, 60_000);

  it('stop as soon as every document is handed over and rendered, before the build is finished', async () => {
    const { model } = await loadContent(path.join(repoRoot, 'content'), { cacheDir: null, threads: false });
    const stagingDir = tempDir();
    const pool = new RenderPool({ model: model!, buildDate: '2026-01-01', stagingDir, sentences: [] }, 2);
    for (const resource of model!.resources) pool.add({ kind: 'resource', document: resource, key: resource.slug });
    // Replies come in as the event loop turns, the way the build's other emitters let them in.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pool.running).toBe(true);
    pool.end();
    await vi.waitFor(() => expect(pool.running).toBe(false), { timeout: 30_000, interval: 20 });
    const written = await pool.finish();
    expect(new Set(written.map((file) => file.key))).toEqual(
      new Set(model!.resources.map((resource) => resource.slug)),
    );
    for (const file of written) expect(fs.statSync(path.join(stagingDir, file.path)).size).toBe(file.bytes);
  }, 60_000);
});

describe('the heap ceiling on a worker thread', () => {
  it("collects in full there too, finding the engine's gc the same way as on the main thread", async () => {
    // Render threads keep their heap near what they hold with HeapCeiling (render-worker.ts): without
    // a `gc` found in a worker it would do nothing, and a thread's heap grow to three times its live size.
    const script = `
      const { parentPort } = require('node:worker_threads');
      import(${JSON.stringify(pathToFileURL(path.join(repoRoot, 'lib', 'compile', 'heap-ceiling.js')).href)}).then(({ HeapCeiling }) => {
        const ceiling = new HeapCeiling(16);
        let garbage = [];
        for (let round = 0; round < 40; round++) {
          garbage = Array.from({ length: 20000 }, (_, n) => ({ n, text: 'x'.repeat(64) + n }));
          ceiling.check();
        }
        parentPort.postMessage({ collections: ceiling.collections, kept: garbage.length });
      });`;
    const worker = new Worker(script, { eval: true });
    const reply = await new Promise<{ collections: number }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(reply.collections).toBeGreaterThan(1);
  }, 30_000);
});
