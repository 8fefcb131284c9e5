import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchRoots } from '../src/shared/search/index-format.js';
import { type SearchOptions, searchSite } from '../src/shared/search/search-site.js';
import { buildFixture } from './helpers/build-fixture.js';
import { fixturesDir } from './helpers/fixtures.js';

// The full-text index a build writes under /api/search/, queried as the MCP tools and the search
// page query it. The fixture's retry-budgets resource holds words only its body has, a passage for
// people and one for agents; data-formats is premium.
let pub = '';
const reads: string[] = [];
const reader = {
  async json<T>(pathname: string): Promise<T> {
    reads.push(pathname);
    return JSON.parse(fs.readFileSync(path.join(pub, pathname), 'utf8')) as T;
  },
};
const agents = (query: string, options: Partial<SearchOptions> = {}) =>
  searchSite(reader, query, { root: searchRoots.agents, limit: 10, ...options });
const people = (query: string) => searchSite(reader, query, { root: searchRoots.people, limit: 10 });
const slugs = (answer: { hits: { slug: string }[] }) => answer.hits.map((hit) => hit.slug);

beforeAll(async () => {
  const { outDir } = await buildFixture(path.join(fixturesDir, 'search'));
  pub = path.join(outDir, 'public');
});

describe('full-text search', () => {
  it('finds words that only a body holds, with the section they are in', async () => {
    const answer = await agents('can I write pre_tool_call policies in Rego or Cedar?');
    expect(answer.answered).toBe(true);
    expect(slugs(answer)[0]).toBe('retry-budgets');
    expect(answer.hits[0]!.passage).toMatchObject({
      heading: 'Policies as code',
      anchor: 'policies-as-code',
      url: 'https://fixture.example/resources/retry-budgets#policies-as-code',
      markdown: 'https://fixture.example/resources/retry-budgets.md',
    });
    expect(answer.hits[0]!.passage!.snippet).toContain('Rego or Cedar');
    expect(slugs(await agents('1,024 tokens'))[0]).toBe('retry-budgets');
  });

  it('matches whole words, never a part of one', async () => {
    expect(slugs(await agents('budge'))).toEqual([]);
    expect(slugs(await agents('ced'))).toEqual([]);
  });

  it('matches other forms of a word: retrying, retries, policy', async () => {
    for (const query of ['retrying', 'retries', 'policy'])
      expect(slugs(await agents(query)), query).toContain('retry-budgets');
  });

  it('never shows agents a passage for people, nor people one for agents, in results or in their files', async () => {
    expect(slugs(await agents('zeppelin hangar'))).toEqual([]);
    const paper = await people('zeppelin hangar');
    expect(slugs(paper)).toEqual(['retry-budgets']);
    expect(paper.hits[0]!.passage).toMatchObject({ heading: 'Reading on paper', anchor: 'reading-on-paper' });
    expect(slugs(await agents('quokka'))).toEqual(['retry-budgets']);
    expect(slugs(await people('quokka'))).toEqual([]);
    const files = (root: string) =>
      fs
        .readdirSync(path.join(pub, root), { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.json'))
        .map((name) => fs.readFileSync(path.join(pub, root, name), 'utf8'))
        .join('\n');
    expect(files(searchRoots.agents)).not.toMatch(/zeppelin|Reading on paper/);
    expect(files(searchRoots.people)).not.toMatch(/quokka/);
  });

  it('finds a premium resource by what is public of it, never by a word or a heading of its body', async () => {
    expect(slugs(await agents('newline-delimited records streaming'))).not.toContain('data-formats');
    expect(slugs(await agents('secret premium sentence'))).not.toContain('data-formats');
    const preview = await agents('NDJSON Markdown formats');
    expect(slugs(preview)[0]).toBe('data-formats');
    expect(preview.hits[0]!.premium).toBe(true);
    expect(preview.hits[0]!.passage).toBeUndefined();
    for (const root of Object.values(searchRoots)) {
      const folder = path.join(pub, root);
      for (const file of fs
        .readdirSync(folder, { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.json')))
        expect(fs.readFileSync(path.join(folder, file), 'utf8'), file).not.toMatch(
          /secret|paid paragraph|NDJSON exports/,
        );
    }
  });

  it('gives passage URLs whose anchor is a heading id of the page', async () => {
    for (const query of ['Rego', 'zeppelin', 'Retry-After jitter', 'additionalProperties', 'pricing key']) {
      for (const answer of [await agents(query), await people(query)])
        for (const hit of answer.hits.filter((entry) => entry.passage?.anchor)) {
          const page = path.join(pub, new URL(hit.url).pathname, 'index.html');
          const html = fs.existsSync(page)
            ? fs.readFileSync(page, 'utf8')
            : fs.readFileSync(`${page.slice(0, -11)}.html`, 'utf8');
          expect(html, `${hit.passage!.url}`).toContain(`id="${hit.passage!.anchor}"`);
        }
    }
  });

  it('says when nothing here answers, with at most three related documents', async () => {
    const answer = await agents('how long should sourdough bread proof in the fridge?');
    expect(answer.answered).toBe(false);
    expect(answer.hits.length).toBeLessThanOrEqual(3);
    expect((await agents('retry budget')).answered).toBe(true);
  });

  it('narrows to one type of document', async () => {
    expect((await agents('steps', { type: 'article' })).hits.every((hit) => hit.type === 'article')).toBe(true);
    expect((await agents('steps', { type: 'resource' })).hits.every((hit) => hit.type === 'resource')).toBe(true);
  });

  it('answers empty, punctuation-only and huge queries at once, reading only what it needs', async () => {
    for (const query of ['', '   ', '?!*&^%', '🙂🙂🙂'])
      expect(await agents(query)).toEqual({ terms: [], answered: false, hits: [] });
    reads.length = 0;
    const huge = await agents(Array.from({ length: 5000 }, (_, i) => `word${i}`).join(' '));
    expect(huge.terms.length).toBeLessThanOrEqual(24);
    const shards = reads.filter((read) => read.startsWith('/api/search/terms/'));
    expect(shards.length).toBeLessThanOrEqual(24);
  });
});
