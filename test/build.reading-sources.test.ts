import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type DocumentSource, parseDocuments } from '../src/content/parse-pool.js';
import { tempDir } from './helpers/fixtures.js';

const documents = 2_000;

/** `documents` small resources in a fresh folder, as parse sources. */
function smallResources(): { dir: string; sources: DocumentSource[] } {
  const dir = tempDir('reading-sources-');
  fs.mkdirSync(path.join(dir, 'resources'));
  const sources: DocumentSource[] = [];
  for (let n = 0; n < documents; n++) {
    const file = path.join(dir, 'resources', `r-${n}.md`);
    fs.writeFileSync(
      file,
      `---\ntitle: Resource ${n}\ndescription: A resource to parse.\ncategory: tools\n---\n\nSome *text* for ${n}.\n`,
    );
    sources.push({ file, kind: 'resource' });
  }
  return { dir, sources };
}

describe('reading the documents of a large site', () => {
  it('reads documents as the parse threads ask for them, not all before the first parse', async () => {
    const { dir, sources } = smallResources();
    let reads = 0;
    let readsAtFirstParse: number | undefined;
    const { results, stats } = await parseDocuments(sources, {
      cacheDir: null,
      contentDir: dir,
      read: ({ file }) => {
        reads++;
        const bytes = fs.readFileSync(file);
        return { text: bytes.toString('utf8'), bytes };
      },
      onProgress: (done) => {
        if (done > 0) readsAtFirstParse ??= reads;
      },
    });
    expect(stats.threads).toBeGreaterThan(0);
    expect(stats.parsed).toBe(documents);
    expect(results.every((result) => result !== null)).toBe(true);
    expect(reads).toBe(documents);
    // The sources of every document at once were gigabytes at 100,000 documents: only those sent ahead may be read.
    expect(readsAtFirstParse).toBeLessThan(documents / 2);
  });

  it('ends with the error of a read that throws, not an uncaught one', async () => {
    const { dir, sources } = smallResources();
    let reads = 0;
    const parsing = parseDocuments(sources, {
      cacheDir: null,
      contentDir: dir,
      read: ({ file }) => {
        if (++reads === 500) throw new Error('disk gone');
        const bytes = fs.readFileSync(file);
        return { text: bytes.toString('utf8'), bytes };
      },
    });
    await expect(parsing).rejects.toThrow('disk gone');
  });
});
