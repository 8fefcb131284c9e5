import { describe, expect, it } from 'vitest';
import { VFile } from 'vfile';
import { audienceMessageSource } from '../../src/markdown/audience.js';
import { parseMarkdown } from '../../src/markdown/processor.js';
import { absoluteLinks, renderMarkdown } from '../../src/markdown/render.js';

// Audience passages in a body (README: Audience controls): agents-only text reaches only the
// Markdown outputs, people-only text only the HTML, and the markers neither.

const body = [
  'Shared opening.',
  '',
  '<!-- audience: agents -->',
  '',
  '## For agents',
  '',
  'Call [the API](/api/resources.json) with a key.',
  '',
  '<!-- /audience -->',
  '',
  '<!-- audience: people -->',
  'Click the blue button in [the store](/resources/store).',
  '',
  '<!-- /audience -->',
  '',
  'Shared closing with [a link](/resources/closing).',
  '',
].join('\n');

describe('audience passages', () => {
  const rendered = renderMarkdown(body);

  it('leaves agents-only passages out of the HTML, its outline and its word count', () => {
    expect(rendered.html).not.toContain('For agents');
    expect(rendered.html).not.toContain('Call');
    expect(rendered.outline).toEqual([]);
    expect(rendered.html).toContain('Click the blue button');
    expect(rendered.words).toBe(
      renderMarkdown(
        'Shared opening.\n\nClick the blue button in [the store](/x).\n\nShared closing with [a link](/y).',
      ).words,
    );
  });

  it('gives agents the body without people-only passages and without any marker', () => {
    expect(rendered.agentBody).toBe(
      'Shared opening.\n\n## For agents\n\nCall [the API](/api/resources.json) with a key.\n\nShared closing with [a link](/resources/closing).\n',
    );
    expect(rendered.peopleOnly).toEqual(['Click the blue button in [the store](/resources/store).\n\n']);
    expect(rendered.html).not.toContain('audience');
  });

  it('points the root-relative offsets at the agents’ body, so its links become absolute', () => {
    expect(absoluteLinks(rendered.agentBody!, rendered.rootRelativeAt, 'https://site.example')).toContain(
      '[the API](https://site.example/api/resources.json) with a key.\n\nShared closing with [a link](https://site.example/resources/closing).',
    );
  });

  it('still checks the links of agents-only passages', () => {
    expect(rendered.links.map((link) => link.url)).toEqual([
      '/api/resources.json',
      '/resources/store',
      '/resources/closing',
    ]);
  });

  it('changes nothing for a body without markers, or with markers only inside code', () => {
    const plain = renderMarkdown(
      'Text about the `<!-- audience: agents -->` marker.\n\n```md\n<!-- audience: people -->\n```\n',
    );
    expect(plain.agentBody).toBeUndefined();
    expect(plain.audienceProblems).toEqual([]);
    expect(plain.html).toContain('&#x3C;!-- audience: people -->');
  });
});

describe('audience markers that cannot be honoured', () => {
  const problems = (markdown: string) => renderMarkdown(markdown).audienceProblems;

  it('names an unknown audience, and a comment that only looks like a marker', () => {
    expect(problems('<!-- audience: robots -->\n\nText.\n\n<!-- /audience -->\n')).toEqual([
      { code: 'UnknownAudience', args: { value: 'robots' }, line: 1, column: 1 },
    ]);
    expect(problems('Intro.\n\n<!-- audience agents -->\n')).toEqual([
      { code: 'UnknownAudience', args: {}, line: 3, column: 1 },
    ]);
  });

  it('finds a passage never closed, a nested one and a closer with no opener', () => {
    expect(problems('Intro.\n\n<!-- audience: people -->\n\nText.\n')).toEqual([
      { code: 'UnclosedAudienceMarker', args: { audience: 'people', reason: 'unclosed' }, line: 3, column: 1 },
    ]);
    expect(problems('<!-- audience: agents -->\n\n<!-- audience: people -->\n\nText.\n\n<!-- /audience -->\n')).toEqual(
      [{ code: 'UnclosedAudienceMarker', args: { audience: 'people', reason: 'nested' }, line: 3, column: 1 }],
    );
    expect(problems('Text.\n\n<!-- /audience -->\n')).toEqual([
      { code: 'StrayAudienceMarker', args: { reason: 'unopened' }, line: 3, column: 1 },
    ]);
  });

  it('refuses markers inside a list, a quote or a paragraph', () => {
    expect(problems('- item\n\n  <!-- audience: agents -->\n')).toEqual([
      { code: 'StrayAudienceMarker', args: { reason: 'placement' }, line: 3, column: 3 },
    ]);
    expect(problems('> <!-- audience: agents -->\n')).toEqual([
      { code: 'StrayAudienceMarker', args: { reason: 'placement' }, line: 1, column: 3 },
    ]);
    expect(problems('Text <!-- /audience --> more.\n')).toEqual([
      { code: 'StrayAudienceMarker', args: { reason: 'placement' }, line: 1, column: 6 },
    ]);
  });

  it('reports each as a message on the file: the catalog code as ruleId, at the marker', () => {
    const file = new VFile('Text.\n\n<!-- /audience -->\n');
    const { processor, tree } = parseMarkdown(file);
    processor.runSync(tree, file);
    expect(
      file.messages.map(({ ruleId, source, reason, line, column, fatal }) => ({
        ruleId,
        source,
        reason,
        line,
        column,
        fatal,
      })),
    ).toEqual([
      {
        ruleId: 'StrayAudienceMarker',
        source: audienceMessageSource,
        reason: '`<!-- /audience -->` closes a passage that was never opened',
        line: 3,
        column: 1,
        fatal: false,
      },
    ]);
  });

  it('keeps the body whole when a marker is wrong', () => {
    const rendered = renderMarkdown('<!-- audience: agents -->\n\nSecret for agents.\n');
    expect(rendered.agentBody).toBeUndefined();
    expect(rendered.html).toContain('Secret for agents.');
  });
});
