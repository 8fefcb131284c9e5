import { describe, expect, it } from 'vitest';
import { plainText, sectionText, snippetOf } from '../../src/shared/search/snippet.js';
import { queryTermsOf, termsOf } from '../../src/shared/search/terms.js';

describe('termsOf', () => {
  it('folds case and accents, and stems English word forms to one term', () => {
    expect(termsOf('Retrying retries RETRY')).toEqual(['retri', 'retri', 'retri']);
    expect(termsOf('pricing price')).toEqual(['price', 'price']);
    expect(termsOf('Café CAFE')).toEqual(['cafe', 'cafe']);
  });

  it('leaves out stop words and single letters, but keeps numbers', () => {
    expect(termsOf('How do I stop my agent at a 429?')).toEqual(['stop', 'agent', '429']);
    expect(termsOf('what is the')).toEqual([]);
  });

  it('keeps a joined word whole and as its parts, and 1,024 as one number', () => {
    expect(termsOf('pre_tool_call')).toEqual(['pre', 'tool', 'call', 'pretoolcal']);
    expect(termsOf('gpt-4o')).toEqual(['gpt', '4o', 'gpt4o']);
    expect(termsOf('llms.txt')).toEqual(['llm', 'txt', 'llmstxt']);
    expect(termsOf('1,024 tokens')).toEqual(['1024', 'token']);
    expect(termsOf("the agent's key")).toEqual(['agent', 'kei']);
  });

  it('gives a query its distinct terms, in order', () => {
    expect(queryTermsOf('retry retries Retrying budget')).toEqual(['retri', 'budget']);
  });
});

describe('snippets', () => {
  const body = [
    'Intro.',
    '',
    '## Backing off',
    '',
    'Wait for **Retry-After**, then [back off](https://x.example/b) with jitter.',
    '',
    '```',
    '## not a heading',
    '```',
    '',
    '### Budgets',
    '',
    'Spend a budget.',
  ].join('\n');

  it('takes a section to the next heading of level 2 or 3, fenced code kept', () => {
    expect(sectionText(body, 'Backing off')).toContain('## not a heading');
    expect(sectionText(body, 'Backing off')).not.toContain('Spend');
    expect(sectionText(body, 'Budgets').trim()).toBe('Spend a budget.');
  });

  it('reads Markdown as text: link words kept, their URLs and markers left out', () => {
    expect(plainText('Wait for **Retry-After**, then [back off](https://x.example/b).')).toBe(
      'Wait for Retry-After , then back off.',
    );
  });

  it('cuts a long text around the query’s words, with ellipses', () => {
    const text = `${'filler words here. '.repeat(40)}The quokka rule says retry once. ${'more filler. '.repeat(40)}`;
    const snippet = snippetOf(text, queryTermsOf('quokka'), 120);
    expect(snippet).toContain('quokka');
    expect(snippet.startsWith('… ')).toBe(true);
    expect(snippet.endsWith(' …')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(124);
  });
});
