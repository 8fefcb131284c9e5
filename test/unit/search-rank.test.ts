import { describe, expect, it } from 'vitest';
import { queryTerms, rankRows, scoreRow, searchWeights, type SearchRow } from '../../src/shared/search-rank.js';

function row(slug: string, fields: Partial<SearchRow> = {}): SearchRow {
  return { type: 'resource', slug, title: 'Untitled', description: 'Nothing here.', tags: [], ...fields };
}

const slugs = (rows: { slug: string }[]) => rows.map((entry) => entry.slug);

describe('queryTerms', () => {
  it('lowercases, splits on anything but letters and digits, and drops repeats', () => {
    expect(queryTerms('MCP-Server, mcp; OAuth2!')).toEqual(['mcp', 'server', 'oauth2']);
  });

  it('drops one-letter words and filler words', () => {
    expect(queryTerms('How do I pay for a key with x402?')).toEqual(['pay', 'key', 'x402']);
    expect(queryTerms('what is the')).toEqual([]);
    expect(queryTerms('   ')).toEqual([]);
  });

  it('keeps letters and digits of any script', () => {
    expect(queryTerms('Café Größe 東京 42')).toEqual(['café', 'größe', '東京', '42']);
  });
});

describe('scoreRow', () => {
  it('weighs a title hit 3, a tag hit 2 and a description hit 1, per term', () => {
    expect(searchWeights).toEqual({ title: 3, tags: 2, description: 1 });
    const full = row('x', { title: 'Agent payments', tags: ['payments'], description: 'About payments.' });
    expect(scoreRow(full, ['payments'])).toBe(6);
    expect(scoreRow(full, ['agent'])).toBe(3);
    expect(scoreRow(full, ['agent', 'payments'])).toBe(9);
    expect(scoreRow(full, ['nothing'])).toBe(0);
  });

  it('matches case-insensitively, inside words, and across the hyphens of tags', () => {
    const entry = row('x', { title: 'The MCP Handbook', tags: ['rate-limits'], description: 'Payment flows.' });
    expect(scoreRow(entry, ['mcp'])).toBe(3);
    expect(scoreRow(entry, ['pay'])).toBe(1);
    expect(scoreRow(entry, ['rate', 'limits'])).toBe(4);
  });

  it('counts a field once per term however often the term occurs in it', () => {
    expect(scoreRow(row('x', { title: 'cache cache cache' }), ['cache'])).toBe(3);
  });
});

describe('rankRows', () => {
  const rows = [
    row('body-only', { description: 'Notes on caching headers.' }),
    row('tag-only', { tags: ['caching'] }),
    row('title-only', { title: 'Caching for agents' }),
    row('unrelated', { title: 'Pricing', description: 'What things cost.' }),
  ];

  it('ranks a title hit over a tag hit over a description hit, and leaves out rows without a hit', () => {
    const ranked = rankRows(rows, 'caching');
    expect(slugs(ranked)).toEqual(['title-only', 'tag-only', 'body-only']);
    expect(ranked.map((entry) => entry.score)).toEqual([3, 2, 1]);
  });

  it('ranks rows matching more terms higher', () => {
    const two = row('two-terms', { description: 'caching and agents' });
    expect(slugs(rankRows([...rows, two], 'caching agents'))[0]).toBe('title-only');
    // title-only: caching 3 + agents 3 = 6; two-terms: 1 + 1 = 2; tag-only 2; body-only 1.
    expect(slugs(rankRows([...rows, two], 'caching agents'))).toEqual([
      'title-only',
      'tag-only',
      'two-terms',
      'body-only',
    ]);
  });

  it('keeps index order among equal scores', () => {
    const tied = [
      row('b-second', { title: 'Keys' }),
      row('a-first', { title: 'Keys' }),
      row('c-third', { title: 'keys' }),
    ];
    expect(slugs(rankRows(tied, 'keys'))).toEqual(['b-second', 'a-first', 'c-third']);
  });

  it('returns nothing for an empty query or one made only of filler words', () => {
    expect(rankRows(rows, '')).toEqual([]);
    expect(rankRows(rows, 'how to the')).toEqual([]);
  });

  it('stops at the limit, 10 by default, keeping the best', () => {
    const many = Array.from({ length: 15 }, (_, index) =>
      row(`r${String(index).padStart(2, '0')}`, index === 14 ? { title: 'topic' } : { description: 'topic' }),
    );
    expect(rankRows(many, 'topic')).toHaveLength(10);
    expect(slugs(rankRows(many, 'topic', 3))).toEqual(['r14', 'r00', 'r01']);
    expect(rankRows(many, 'topic', 0)).toEqual([]);
  });

  it('returns the rows with their score and does not change them', () => {
    const original = row('one', { title: 'Alpha', tags: ['beta'] });
    const [hit] = rankRows([original], 'alpha');
    expect(hit).toEqual({ ...original, score: 3 });
    expect(original).not.toHaveProperty('score');
  });
});
