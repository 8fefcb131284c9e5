import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from './helpers/build-fixture.js';
import { fixturesDir, readJson } from './helpers/fixtures.js';

interface OutlineItem {
  depth: number;
  text: string;
  anchor: string;
}

let pub = '';
beforeAll(async () => {
  pub = path.join((await buildFixture(path.join(fixturesDir, 'minimal'))).outDir, 'public');
});

/** The `id`s of h2/h3 elements on a page, with their depth and text content. */
function headingIds(html: string): Map<string, { depth: number; text: string }> {
  const found = new Map<string, { depth: number; text: string }>();
  for (const match of html.matchAll(/<h([23]) id="([^"]+)">(.*?)<\/h\1>/g)) {
    found.set(match[2]!, { depth: Number(match[1]), text: match[3]!.replace(/<[^>]+>/g, '') });
  }
  return found;
}

const pages = [
  ['api/resources/getting-started.json', 'resources/getting-started/index.html'],
  ['api/resources/wire-formats.json', 'resources/wire-formats/index.html'],
  ['api/resources/access-and-pricing.json', 'resources/access-and-pricing/index.html'],
  ['api/articles/basics-guide.json', 'articles/basics-guide/index.html'],
  ['api/articles/first-steps.json', 'articles/first-steps/index.html'],
];

describe('outline anchors resolve on the HTML page', () => {
  it.each(pages)('%s -> %s', (jsonFile, htmlFile) => {
    const outline = readJson<{ outline: OutlineItem[] }>(path.join(pub, jsonFile)).outline;
    expect(outline.length).toBeGreaterThan(0);
    const ids = headingIds(fs.readFileSync(path.join(pub, htmlFile), 'utf8'));
    for (const item of outline) {
      expect(ids.get(item.anchor), `#${item.anchor} on ${htmlFile}`).toEqual({ depth: item.depth, text: item.text });
    }
  });

  it('gives repeated headings GitHub-style suffixed anchors', () => {
    const outline = readJson<{ outline: OutlineItem[] }>(path.join(pub, 'api/resources/getting-started.json')).outline;
    expect(outline.map((item) => item.anchor)).toEqual([
      'url-shapes',
      'same-heading',
      'same-heading-1',
      'where-to-go-next',
    ]);
    expect(outline.map((item) => item.depth)).toEqual([2, 3, 3, 2]);
  });

  it('lists only H2 and H3 headings in the outline', () => {
    const outline = readJson<{ outline: OutlineItem[] }>(path.join(pub, 'api/articles/basics-guide.json')).outline;
    expect(outline).toEqual([
      { depth: 2, text: 'Why it matters', anchor: 'why-it-matters' },
      { depth: 3, text: 'Token budgets', anchor: 'token-budgets' },
    ]);
  });
});
