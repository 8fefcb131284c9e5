import { describe, expect, it } from 'vitest';
import { countWords, renderMarkdown } from '../src/markdown/render.js';
import { bodyHtml, storeMarkdown } from '../src/markdown/stored-markdown.js';

describe('renderMarkdown', () => {
  it('renders GFM tables, task lists, strikethrough and autolinks', () => {
    const { html } = renderMarkdown('| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done\n\n~~old~~ https://example.com');
    expect(html).toContain('<table>');
    expect(html).toContain('type="checkbox"');
    expect(html).toContain('<del>old</del>');
    expect(html).toContain('<a href="https://example.com">https://example.com</a>');
  });

  it('drops raw HTML instead of passing it through', () => {
    const { html } = renderMarkdown(
      'Hello <script>alert(1)</script> <b onclick="x">bold</b>\n\n<iframe src="https://evil.example"></iframe>',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onclick');
    expect(html).not.toContain('<iframe');
  });

  it('gives every heading a GitHub-style id and the outline the same anchors', () => {
    const { html, outline, anchors } = renderMarkdown(
      '## Hello, World!\n\n### `code` & more\n\n#### Deep\n\n## Hello, World!',
    );
    expect(html).toContain('<h2 id="hello-world">Hello, World!</h2>');
    expect(html).toContain('<h3 id="code--more"><code>code</code> &#x26; more</h3>');
    expect(html).toContain('<h2 id="hello-world-1">');
    expect(outline).toEqual([
      { depth: 2, text: 'Hello, World!', anchor: 'hello-world' },
      { depth: 3, text: 'code & more', anchor: 'code--more' },
      { depth: 2, text: 'Hello, World!', anchor: 'hello-world-1' },
    ]);
    expect(anchors).toEqual(['hello-world', 'code--more', 'deep', 'hello-world-1']);
  });

  it('extracts Verified sources links up to the next H2, and null without the section', () => {
    const body =
      '## Intro\n\n[not a source](https://a.example)\n\n## Verified sources\n\n- [One](https://one.example)\n- See <https://two.example>\n\n### Sub\n\n[three](https://three.example)\n\n## After\n\n[four](https://four.example)';
    expect(renderMarkdown(body).sources?.map((source) => source.url)).toEqual([
      'https://one.example',
      'https://two.example',
      'https://three.example',
    ]);
    expect(renderMarkdown('## Intro\n\nText').sources).toBeNull();
    expect(renderMarkdown('## verified Sources\n\nnone').sources).toEqual([]);
  });

  it('records every link and link definition with its line and column', () => {
    const { links } = renderMarkdown('Intro\n\nSee [a](/resources/a) and [b][ref].\n\n[ref]: /articles/b');
    expect(links).toEqual([
      { url: '/resources/a', line: 3, column: 5 },
      { url: '/articles/b', line: 5, column: 1 },
    ]);
  });

  it('counts words, ignoring punctuation-only tokens', () => {
    expect(countWords('One two — three, 4 !')).toBe(4);
  });
});

describe('the CommonMark fast path', () => {
  const plain = [
    'Plain prose with *emphasis*, `code` and a [link](/resources/a).\n\n## A heading\n\n- a list\n- of items\n\n> a quote\n\n```js\nconst x = 1;\n```',
    'Lorem ipsum dolor sit amet.\n\nSecond paragraph, with an image ![alt](/a.png).',
  ];
  const gfm = [
    '| a | b |\n| - | - |\n| 1 | 2 |',
    'Visit www.example.com today',
    'See https://example.com',
    'mail me@example.com',
    '~~gone~~',
    'A note[^1].\n\n[^1]: The note.',
    '- [ ] todo',
    '- [X] done',
    'HTTP://EXAMPLE.COM in capitals',
  ];

  it.each(plain)('renders a document without GFM constructs exactly as the GFM pipeline does: %s', async (markdown) => {
    const { markdownProcessor, commonmarkProcessor, processorFor } = await import('../src/markdown/processor.js');
    expect(processorFor(markdown)).toBe(commonmarkProcessor);
    expect(String(commonmarkProcessor.processSync(markdown))).toBe(String(markdownProcessor.processSync(markdown)));
  });

  it.each(gfm)('keeps GFM for a document that may use it: %s', async (markdown) => {
    const { markdownProcessor, commonmarkProcessor, processorFor } = await import('../src/markdown/processor.js');
    expect(processorFor(markdown)).toBe(markdownProcessor);
    expect(String(commonmarkProcessor.processSync(markdown))).not.toBe(String(markdownProcessor.processSync(markdown)));
  });
});

describe('stored renderings', () => {
  it('keep the body HTML deflated, in a buffer of exactly its size, and give it back unchanged', () => {
    const markdown = Array.from(
      { length: 40 },
      (_, index) =>
        `## Part ${index}\n\nSome **text** with a [link](https://example.com/${index}) and \`code\`, é and 漢字.`,
    ).join('\n\n');
    const rendered = renderMarkdown(markdown);
    const stored = storeMarkdown(rendered);
    expect(bodyHtml(stored)).toBe(rendered.html);
    expect(stored.packedHtml.byteLength).toBeLessThan(Buffer.byteLength(rendered.html) / 3);
    expect(stored.packedHtml.buffer.byteLength).toBe(stored.packedHtml.byteLength);
    expect(stored).not.toHaveProperty('html');
    expect(stored.outline).toEqual(rendered.outline);
  });
});
