import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assertNoPremiumLeak,
  distinctiveSentences,
  guardDigest,
  PremiumLeakError,
  premiumSentences as guardedSentences,
} from '../src/compile/premium-guard.js';
import { cachedPremiumSentences } from '../src/compile/premium-sentence-cache.js';
import { bodyFactsOf } from '../src/content/lazy-body.js';
import { loadContent } from '../src/content/load-content.js';
import { build } from '../src/compile/build.js';
import { type BuildManifest, manifestName } from '../src/compile/up-to-date.js';
import { buildFixture, testEpoch } from './helpers/build-fixture.js';
import { copyFixture, fixturesDir, readTree, repoRoot, tempDir } from './helpers/fixtures.js';

/** Every sentence of every premium body, read straight from the sources (not from the compiler's model). */
function premiumSentences(contentDir: string): { slug: string; sentence: string }[] {
  const folder = path.join(contentDir, 'resources');
  return fs
    .readdirSync(folder)
    .map((name) => ({ slug: name.replace(/\.md$/, ''), text: fs.readFileSync(path.join(folder, name), 'utf8') }))
    .filter(({ text }) => /^premium: true$/m.test(text.split(/^---$/m)[1] ?? ''))
    .flatMap(({ slug, text }) => {
      const body = text.split(/^---$/m).slice(2).join('---');
      return body
        .split(/(?<=[.!?])\s+|\n+/)
        .map((sentence) => sentence.replace(/^[#>*\-\d.\s|]+/, '').trim())
        .filter((sentence) => sentence.length >= 24 && !sentence.startsWith('['))
        .map((sentence) => ({ slug, sentence }));
    });
}

/** The text of every free source file: a premium sentence also written there is public by the author's choice. */
function freeText(contentDir: string): string {
  const files = [
    ...fs.readdirSync(path.join(contentDir, 'resources')).map((name) => path.join(contentDir, 'resources', name)),
    ...fs
      .readdirSync(path.join(contentDir, 'articles'), { recursive: true, encoding: 'utf8' })
      .map((name) => path.join(contentDir, 'articles', name)),
  ].filter((file) => file.endsWith('.md'));
  return files
    .map((file) => fs.readFileSync(file, 'utf8'))
    .filter((text) => !/^premium: true$/m.test(text.split(/^---$/m)[1] ?? ''))
    .join('\n');
}

function assertNoSentenceInPublic(contentDir: string, publicDir: string) {
  const free = freeText(contentDir);
  const sentences = premiumSentences(contentDir).filter(({ sentence }) => !free.includes(sentence));
  expect(sentences.length).toBeGreaterThan(3);
  for (const [file, bytes] of readTree(publicDir)) {
    const text = bytes.toString('utf8');
    for (const { slug, sentence } of sentences) {
      expect(text.includes(sentence), `${file} contains premium text of ${slug}: "${sentence}"`).toBe(false);
    }
  }
}

describe('premium text never reaches dist/public', () => {
  it('holds for the fixture directory', async () => {
    const contentDir = path.join(fixturesDir, 'minimal');
    const result = await buildFixture(contentDir);
    assertNoSentenceInPublic(contentDir, path.join(result.outDir, 'public'));
    // The same sentences do reach the worker data: proof the scan looks for text that exists.
    const worker = fs.readFileSync(path.join(result.outDir, 'worker/data/worker-data.json'), 'utf8');
    expect(worker).toContain('The secret premium sentence');
  });

  it('holds for the default content directory', async () => {
    const contentDir = path.join(repoRoot, 'content');
    const result = await buildFixture(contentDir);
    assertNoSentenceInPublic(contentDir, path.join(result.outDir, 'public'));
  });

  it('stops the build when an output would carry premium prose', async () => {
    const { model } = await loadContent(path.join(fixturesDir, 'minimal'));
    const premium = model!.resources.find((resource) => resource.slug === 'data-formats')!;
    const leaked = distinctiveSentences(premium.body)[0]!;
    expect(() => assertNoPremiumLeak(model!, [{ path: 'public/index.html', content: `<p>${leaked}</p>` }])).toThrow(
      PremiumLeakError,
    );
    expect(() => assertNoPremiumLeak(model!, [{ path: 'worker/worker.js', content: leaked }])).not.toThrow();
    expect(() =>
      assertNoPremiumLeak(model!, [{ path: 'public/index.html', content: premium.premium_summary! }]),
    ).not.toThrow();
  });

  it('remembers the premium sentences of each premium text and which each free text says, and reads only the texts that changed', async () => {
    const contentDir = copyFixture('minimal');
    const cacheDir = path.join(tempDir(), 'cache');
    const load = async () => (await loadContent(contentDir, { cacheDir })).model!;
    const first = await load();
    const sentences = cachedPremiumSentences(first, cacheDir);
    expect(sentences).toEqual(guardedSentences(first));
    expect(sentences.length).toBeGreaterThan(3);
    // A free guide now says one of them: it is public by the author's choice, and no longer guarded.
    const said = sentences[0]!.sentence;
    fs.appendFileSync(path.join(contentDir, 'articles', 'basics', 'next-steps.md'), `\n${said}\n`);
    const second = await load();
    // Every other document's body, premium ones too, is known only by its digest here: reading one would throw.
    for (const document of [...second.resources, ...second.articles]) {
      if (document.slug === 'next-steps') continue;
      bodyFactsOf(document);
      Object.defineProperty(document, 'body', {
        get: () => {
          throw new Error(`read the unchanged body of ${document.slug}`);
        },
      });
    }
    const remembered = cachedPremiumSentences(second, cacheDir);
    expect(remembered.map(({ sentence }) => sentence)).not.toContain(said);
    expect(remembered).toEqual(sentences.slice(1).filter(({ sentence }) => sentence !== said));
  });

  it('records what its guard looked for, so a build after a build looks at copied parts only when that changed', async () => {
    const contentDir = copyFixture('minimal');
    const cacheDir = path.join(tempDir(), 'cache');
    const outDir = path.join(tempDir(), 'dist');
    const guarded = async () => {
      const result = await build({ contentDir, outDir, cacheDir, sourceDateEpoch: testEpoch });
      expect(result.ok).toBe(true);
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, manifestName), 'utf8')) as BuildManifest;
      return { manifest, sentences: guardedSentences((await loadContent(contentDir)).model!) };
    };
    const first = await guarded();
    expect(first.manifest.guardedFor).toBe(guardDigest(first.sentences));
    // A free edit keeps what is guarded; a new premium sentence changes it.
    fs.appendFileSync(path.join(contentDir, 'articles', 'basics', 'next-steps.md'), '\nOne more free line.\n');
    expect((await guarded()).manifest.guardedFor).toBe(first.manifest.guardedFor);
    fs.appendFileSync(
      path.join(contentDir, 'resources', 'data-formats.md'),
      '\nA brand new premium sentence about columnar storage layouts.\n',
    );
    const third = await guarded();
    expect(third.sentences.length).toBe(first.sentences.length + 1);
    expect(third.manifest.guardedFor).toBe(guardDigest(third.sentences));
    expect(third.manifest.guardedFor).not.toBe(first.manifest.guardedFor);
  });
});
