import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../src/compile/build.js';
import { buildFixture, testEpoch } from './helpers/build-fixture.js';
import { removersDone } from './helpers/discarded-outputs.js';
import { fixturesDir, readJson, readTree, tempDir } from './helpers/fixtures.js';

const minimal = path.join(fixturesDir, 'minimal');

describe('reproducible builds', () => {
  it('gives byte-identical trees for the same input', async () => {
    const first = await buildFixture(minimal);
    const second = await buildFixture(minimal);
    const a = readTree(first.outDir);
    const b = readTree(second.outDir);
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [file, bytes] of a) expect(b.get(file)!.equals(bytes), file).toBe(true);
  });

  it('takes the build date from SOURCE_DATE_EPOCH, else from the newest content date, never the clock', async () => {
    const dated = await buildFixture(minimal);
    expect(readJson(path.join(dated.outDir, 'public/api/corpus.json')).meta).toMatchObject({ generated: '2026-06-01' });
    const outDir = path.join(tempDir(), 'dist');
    const undated = await build({ contentDir: minimal, outDir });
    expect(undated.ok).toBe(true);
    expect(readJson(path.join(outDir, 'public/api/corpus.json')).meta).toMatchObject({ generated: '2026-05-05' });
    expect(testEpoch).toBe('1780272000');
  });

  it('rebuilds over an existing output, removing files the previous build wrote and this one does not', async () => {
    const outDir = path.join(tempDir(), 'dist');
    await buildFixture(minimal, outDir);
    const stale = path.join(outDir, 'public', 'stale.txt');
    const fs = await import('node:fs');
    fs.writeFileSync(stale, 'left over');
    const manifestFile = path.join(outDir, 'build-manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { files: [string, number][] };
    fs.writeFileSync(
      manifestFile,
      JSON.stringify({ ...manifest, files: [...manifest.files, ['public/stale.txt', 9]] }),
    );
    await buildFixture(minimal, outDir);
    expect(fs.existsSync(stale)).toBe(false);
    // The previous output is deleted in the background, after the build.
    await removersDone(path.dirname(outDir));
    expect(fs.readdirSync(path.dirname(outDir))).toEqual(['dist']);
  });

  it('uses --base-url over site.yaml url in every absolute URL', async () => {
    const outDir = path.join(tempDir(), 'dist');
    const result = await build({
      contentDir: minimal,
      outDir,
      baseUrl: 'https://preview.example/',
      sourceDateEpoch: testEpoch,
    });
    expect(result.ok).toBe(true);
    const index = readJson<{ url: string; resources: { html: string }[] }>(
      path.join(outDir, 'public/api/resources.json'),
    );
    expect(index.url).toBe('https://preview.example/');
    expect(index.resources[0]!.html).toBe('https://preview.example/resources/access-and-pricing');
    for (const [file, bytes] of readTree(path.join(outDir, 'public')))
      expect(bytes.toString().includes('fixture.example/resources'), file).toBe(false);
  });
});
