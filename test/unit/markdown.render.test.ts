import { describe, expect, it } from 'vitest';
import { countWords, renderMarkdown } from '../../src/markdown/render.js';
import { bodyHtml, storeMarkdown } from '../../src/markdown/stored-markdown.js';

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

describe('the parse each document gets', () => {
  const plain = [
    'Plain prose with *emphasis*, `code` and a [link](/resources/a).\n\n## A heading\n\n- a list\n- of items\n\n> a quote\n\n```js\nconst x = 1;\n```',
    'Lorem ipsum dolor sit amet.\n\nSecond paragraph, with an image ![alt](/a.png).',
  ];
  const literals = [
    'Visit www.example.com today',
    'See https://example.com',
    'mail me@example.com',
    'HTTP://EXAMPLE.COM in capitals',
  ];
  const literalFree = [
    '| a | b |\n| - | - |\n| 1 | 2 |',
    '~~gone~~',
    'A note[^1].\n\n[^1]: The note.',
    '- [ ] todo',
    '- [X] done',
    'A [link](https://example.com/a) and <https://example.com/b>, and [c].\n\n[c]: https://example.com/c',
    '| site | where |\n| - | - |\n| docs | [docs](https://docs.example) |',
    // Text GFM never looks for a literal in: a link's, and an image's description.
    '[www&#46;example.com](/a) | a',
    '![a &#104;ttps://example.com picture](/a.png) | a',
  ];
  // The guess from the source says no literal; the parsed text says otherwise, and GFM parses again.
  const hidden = [
    '\\[not a link](https://example.com/x) | a',
    'A character reference: http&#58;//example.com | a',
    'www&#46;example.com | a',
  ];
  const render = async (markdown: string) => {
    const { parseMarkdown, parseWithGfm } = await import('../../src/markdown/processor.js');
    let chosen: unknown;
    const rendered = renderMarkdown(markdown, (file) => {
      const parsed = parseMarkdown(file);
      chosen = parsed.processor;
      return parsed;
    });
    return { rendered, chosen, reference: renderMarkdown(markdown, parseWithGfm) };
  };

  it.each(plain)('renders a document without GFM constructs without GFM, as GFM does: %s', async (markdown) => {
    const { commonmarkProcessor } = await import('../../src/markdown/processor.js');
    const { rendered, chosen, reference } = await render(markdown);
    expect(chosen).toBe(commonmarkProcessor);
    expect(rendered).toEqual(reference);
  });

  it.each(literalFree)('renders GFM without autolink literals when none occurs, as GFM does: %s', async (markdown) => {
    const { literalFreeProcessor } = await import('../../src/markdown/processor.js');
    const { rendered, chosen, reference } = await render(markdown);
    expect(chosen).toBe(literalFreeProcessor);
    expect(rendered).toEqual(reference);
  });

  it.each([...literals, ...hidden])('parses with all of GFM when a literal may occur: %s', async (markdown) => {
    const { markdownProcessor, literalFreeProcessor, commonmarkProcessor } = await import(
      '../../src/markdown/processor.js'
    );
    const { rendered, chosen, reference } = await render(markdown);
    expect(chosen).toBe(markdownProcessor);
    expect(rendered).toEqual(reference);
    // Each is a case the faster parses would get wrong.
    for (const processor of [literalFreeProcessor, commonmarkProcessor])
      expect(String(processor.processSync(markdown))).not.toBe(reference.html);
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
