import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import {
  copiedRendering,
  deferredUnread,
  packRendering,
  passagesDigest,
  unpackRendering,
} from '../../src/markdown/lazy-rendering.js';
import { renderMarkdown } from '../../src/markdown/render.js';
import { type StoredMarkdown, storeMarkdown, withoutHtml } from '../../src/markdown/stored-markdown.js';
import { repoRoot } from '../helpers/fixtures.js';

const body = [
  'See [the guide](/articles/guide#setup) and [a heading here](#usage).',
  '',
  '## Usage',
  '',
  'Text.',
  '',
  '## Verified sources',
  '',
  '- [RFC 9110](https://www.rfc-editor.org/rfc/rfc9110)',
].join('\n');

/** A rendering as a build after a build reads it: packed, through the cache's serializer, and unpacked. */
function fromCache(stored: StoredMarkdown): StoredMarkdown {
  return unpackRendering(v8.deserialize(v8.serialize(packRendering(stored))));
}

describe('a rendering read from the parse cache', () => {
  it('gives every field as it was stored, decoding the packed ones on first read', () => {
    const stored = storeMarkdown(renderMarkdown(body));
    const read = fromCache(stored);
    expect(deferredUnread(read)).toBe(true);
    expect(read.words).toBe(stored.words);
    expect(deferredUnread(read)).toBe(true);
    expect(read.links).toEqual(stored.links);
    expect(deferredUnread(read)).toBe(false);
    expect({ ...read }).toEqual({ ...stored });
    expect(Object.keys(read).sort()).toEqual(Object.keys(stored).sort());
    // Once decoded, its fields are packed again from what it holds.
    expect({ ...fromCache(read) }).toEqual({ ...stored });
    // And a packed field may be assigned like any other.
    const again = fromCache(stored);
    again.sections = ['Replaced'];
    expect(again.sections).toEqual(['Replaced']);
  });

  it('is copied without its packed fields being decoded, and written back as the bytes it was read from', () => {
    const stored = storeMarkdown(renderMarkdown(body));
    const read = fromCache(stored);
    const copy = withoutHtml(read);
    expect(deferredUnread(copy)).toBe(true);
    expect(packRendering(copy).deferred).toBe(packRendering(read).deferred);
    expect(passagesDigest(copy)).toBe(passagesDigest(stored));
    expect(deferredUnread(read)).toBe(true);
    expect(copy.outline).toEqual(stored.outline);
    expect(copy.packedHtml.length).toBe(0);
  });

  it('lets a copy drop decoded fields without changing the rendering it was copied from', () => {
    const read = fromCache(storeMarkdown(renderMarkdown(body)));
    expect(read.anchors).toEqual(['usage', 'verified-sources']);
    const released = copiedRendering(read, { links: [], anchors: [], audienceProblems: [] });
    expect(released.links).toEqual([]);
    expect(released.anchors).toEqual([]);
    expect(released.outline).toEqual(read.outline);
    expect(read.anchors).toEqual(['usage', 'verified-sources']);
  });

  it('gives renderings read alike one hidden class, their copies too', () => {
    const lib = (file: string) => JSON.stringify(pathToFileURL(path.join(repoRoot, 'lib', 'markdown', file)).href);
    const script = `
      import v8 from 'node:v8';
      const { packRendering, unpackRendering } = await import(${lib('lazy-rendering.js')});
      const { renderMarkdown } = await import(${lib('render.js')});
      const { storeMarkdown, withoutHtml } = await import(${lib('stored-markdown.js')});
      const read = Array.from({ length: 300 }, (_, n) => {
        const stored = storeMarkdown(renderMarkdown('## Heading ' + n + '\\n\\nText [link](/resources/r' + n + ').'));
        return unpackRendering(v8.deserialize(v8.serialize(packRendering(stored))));
      });
      const copies = read.map(withoutHtml);
      const shared = (list) => list.filter((object) => %HaveSameMap(list[0], object)).length;
      console.log(shared(read), shared(copies), %HasFastProperties(read[0]));`;
    const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('300 300 true');
  });
});
