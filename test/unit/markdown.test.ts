import { describe, expect, it } from 'vitest';
import { countWords, renderMarkdown } from '../../src/markdown/render.js';
import { bodyHtml, storeMarkdown } from '../../src/markdown/stored-markdown.js';
import { allowedUrl, isAllowedUrl, urlScheme } from '../../src/markdown/url-scheme.js';

describe('heading ids and outline', () => {
  const rendered = renderMarkdown(
    [
      '# Title',
      '## Getting Started',
      '### Install *the* CLI',
      '#### Deep detail',
      '## Getting Started',
      "## What's new? (2025)",
      '## Café & Crème',
      '## Getting Started',
    ].join('\n\n'),
  );

  it('gives every heading a GitHub-style id, numbering repeats', () => {
    expect(rendered.anchors).toEqual([
      'title',
      'getting-started',
      'install-the-cli',
      'deep-detail',
      'getting-started-1',
      'whats-new-2025',
      'café--crème',
      'getting-started-2',
    ]);
  });

  it('puts the same id on the HTML heading', () => {
    expect(rendered.html).toContain('<h2 id="getting-started-1">Getting Started</h2>');
    expect(rendered.html).toContain('<h3 id="install-the-cli">Install <em>the</em> CLI</h3>');
  });

  it('lists H2 and H3 only in the outline, with plain text', () => {
    expect(rendered.outline).toEqual([
      { depth: 2, text: 'Getting Started', anchor: 'getting-started' },
      { depth: 3, text: 'Install the CLI', anchor: 'install-the-cli' },
      { depth: 2, text: 'Getting Started', anchor: 'getting-started-1' },
      { depth: 2, text: "What's new? (2025)", anchor: 'whats-new-2025' },
      { depth: 2, text: 'Café & Crème', anchor: 'café--crème' },
      { depth: 2, text: 'Getting Started', anchor: 'getting-started-2' },
    ]);
  });

  it('lists H2 texts as the sections (the premium preview)', () => {
    expect(rendered.sections).toEqual([
      'Getting Started',
      'Getting Started',
      "What's new? (2025)",
      'Café & Crème',
      'Getting Started',
    ]);
  });

  it('numbers ids afresh in every document', () => {
    expect(renderMarkdown('## Getting Started').anchors).toEqual(['getting-started']);
  });
});

describe('links, sources and words', () => {
  it('records link and definition targets with their body positions; images are not links', () => {
    const rendered = renderMarkdown('Intro [a](/resources/x) text.\n\n![img](/i.png) [ref][r]\n\n[r]: /articles/y');
    expect(rendered.links).toEqual([
      { url: '/resources/x', line: 1, column: 7 },
      { url: '/articles/y', line: 5, column: 1 },
    ]);
  });

  it('reads the Verified sources section up to the next H2, or null without one', () => {
    const body =
      '## Verified sources\n\n- [A](https://a.example)\n\n### Sub\n\n[B](https://b.example)\n\n## Next\n\n[C](https://c.example)';
    expect(renderMarkdown(body).sources?.map((source) => source.url)).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    expect(renderMarkdown('## verified SOURCES\n\nnone').sources).toEqual([]);
    expect(renderMarkdown('## Sources\n\n[A](https://a.example)').sources).toBeNull();
  });

  it('counts words of the rendered text, not punctuation or markup', () => {
    expect(renderMarkdown('A **bold** claim — really! `code` [link](https://x.example)').words).toBe(6);
    expect(countWords('  one,  two\nthree - ... 4 ')).toBe(4);
    expect(countWords('')).toBe(0);
  });

  // The text of a whole tree joins blocks with no separator ("Hello" + "World" -> "HelloWorld").
  it('counts words in separate blocks separately', () => {
    expect(renderMarkdown('Hello\n\nWorld').words).toBe(2);
    expect(renderMarkdown('# Two words\n\n- one item\n- two items').words).toBe(6);
  });
});

describe('what the HTML may carry', () => {
  it('drops raw HTML instead of passing it through', () => {
    const { html } = renderMarkdown('Text <script>alert(1)</script> and\n\n<div onclick="x()">block</div>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onclick');
  });

  it('keeps the text but not the target of links with other schemes, and records them', () => {
    const rendered = renderMarkdown(
      '[click](javascript:alert(1)) ![pic](data:image/png;base64,AA) [ok](https://a.example)',
    );
    expect(rendered.html).not.toMatch(/javascript:|data:image/);
    expect(rendered.html).toContain('click');
    expect(rendered.html).toContain('href="https://a.example"');
    expect(rendered.disallowedUrls.map(({ scheme, kind }) => [scheme, kind])).toEqual([
      ['javascript', 'link'],
      ['data', 'image'],
    ]);
  });

  it('renders GFM tables', () => {
    expect(renderMarkdown('| a | b |\n| - | - |\n| 1 | 2 |').html).toContain('<table>');
  });

  it('stores the HTML deflated and gives it back unchanged', () => {
    const rendered = renderMarkdown('## Héllo\n\nText.');
    const stored = storeMarkdown(rendered);
    expect(stored).not.toHaveProperty('html');
    expect(bodyHtml(stored)).toBe(rendered.html);
    expect(stored.anchors).toEqual(rendered.anchors);
  });
});

describe('urlScheme', () => {
  it.each([
    ['https://a.example', 'https'],
    ['MAILTO:x@y', 'mailto'],
    [' java\tscript:alert(1)', 'javascript'],
    ['\u0001javascript:x', 'javascript'],
    ['jav\nascript:x', 'javascript'],
    ['web+app:x', 'web+app'],
    ['/relative:path', null],
    ['#a:b', null],
    ['1http:x', null],
    [':x', null],
    ['no-colon', null],
  ])('%j -> %s', (url, scheme) => {
    expect(urlScheme(url)).toBe(scheme);
  });

  it('allows http, https, mailto and relative URLs only', () => {
    expect(['/a', 'https://a', 'http://a', 'mailto:a', '?q', '#x'].every(isAllowedUrl)).toBe(true);
    expect(['javascript:a', 'vbscript:a', 'data:a', 'file:///etc'].some(isAllowedUrl)).toBe(false);
    expect(allowedUrl('/x', 'https://site.example')?.href).toBe('https://site.example/x');
    expect(allowedUrl('javascript:alert(1)', 'https://site.example')).toBeNull();
    expect(allowedUrl('http://[', 'https://site.example')).toBeNull();
  });
});
