import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/errors/problem.js';
import { loadContent } from '../../src/content/load-content.js';
import { commonmarkProcessor, markdownProcessor } from '../../src/markdown/processor.js';
import { renderMarkdown } from '../../src/markdown/render.js';
import { allowedUrl, urlScheme } from '../../src/markdown/url-scheme.js';
import { copyFixture } from '../helpers/fixtures.js';
import { htmlAttributes } from '../helpers/html-attributes.js';

// Adversarial review: `javascript:` and other schemes reached rendered pages as href/src, in every
// spelling a browser still reads as that scheme. Only http, https, mailto and relative URLs may.

/** Where the rendered page would live: relative URLs resolve to its scheme, https. */
const pageUrl = 'https://site.example/resources/page';
const allowedProtocols = ['http:', 'https:', 'mailto:'];

/** Every href and src of the HTML, read as a browser reads it: attributes parsed, then the URL parsed. */
function urlAttributes(html: string): { tag: string; name: string; value: string; protocol: string | null }[] {
  return htmlAttributes(html)
    .filter((attribute) => attribute.name === 'href' || attribute.name === 'src')
    .map((attribute) => {
      let protocol: string | null = null;
      try {
        protocol = new URL(attribute.value, pageUrl).protocol;
      } catch {
        // A value the URL parser refuses leads nowhere: no scheme to fear.
      }
      return { ...attribute, protocol };
    });
}

interface Hostile {
  name: string;
  /** The Markdown; `{}` stands for the case's own reference label, so cases can share a document. */
  markdown: string;
  scheme: string;
  /** Text of the Markdown where validate must point: the link, image or definition. */
  at: string;
  /** What a reader still sees. */
  text: string;
}

const hostile: Hostile[] = [
  {
    name: 'inline link',
    markdown: 'See [x](javascript:alert(1)) now.',
    scheme: 'javascript',
    at: '[x]',
    text: '>x</a>',
  },
  {
    name: 'inline link with a title',
    markdown: 'See [x](javascript:alert(1) "t") now.',
    scheme: 'javascript',
    at: '[x]',
    text: '>x</a>',
  },
  {
    name: 'autolink',
    markdown: 'See <javascript:alert(1)> now.',
    scheme: 'javascript',
    at: '<javascript',
    text: '>javascript:alert(1)</a>',
  },
  {
    name: 'upper-case autolink',
    markdown: 'See <JAVASCRIPT:alert(1)> now.',
    scheme: 'javascript',
    at: '<JAVASCRIPT',
    text: '>JAVASCRIPT:alert(1)</a>',
  },
  { name: 'image', markdown: 'See ![i](javascript:alert(1)) now.', scheme: 'javascript', at: '![i]', text: 'alt="i"' },
  {
    name: 'mixed case',
    markdown: 'See [x](JaVaScRiPt:alert(1)) now.',
    scheme: 'javascript',
    at: '[x]',
    text: '>x</a>',
  },
  {
    name: 'decimal character reference',
    markdown: 'See [x](&#106;avascript:alert(1)) now.',
    scheme: 'javascript',
    at: '[x]',
    text: '>x</a>',
  },
  {
    name: 'hexadecimal character reference',
    markdown: 'See [x](&#x6A;ava&#X53;cript:alert(1)) now.',
    scheme: 'javascript',
    at: '[x]',
    text: '>x</a>',
  },
  {
    name: 'named character reference for the colon',
    markdown: 'See [x](javascript&colon;alert(1)) now.',
    scheme: 'javascript',
    at: '[x]',
    text: '>x</a>',
  },
  {
    name: 'leading spaces',
    markdown: 'See [x](<  javascript:alert(1)>) now.',
    scheme: 'javascript',
    at: '[x]',
    text: '>x</a>',
  },
  {
    name: 'leading control characters',
    markdown: 'See [x](<\x01\x1fjavascript:alert(1)>) now.',
    scheme: 'javascript',
    at: '[x]',
    text: '>x</a>',
  },
  {
    name: 'leading carriage return as a reference',
    markdown: 'See [x](&#13;javascript:alert(1)) now.',
    scheme: 'javascript',
    at: '[x]',
    text: '>x</a>',
  },
  {
    name: 'tab inside the scheme',
    markdown: 'See [x](<java\tscript:alert(1)>) now.',
    scheme: 'javascript',
    at: '[x]',
    text: '>x</a>',
  },
  {
    name: 'tab reference inside the scheme',
    markdown: 'See [x](java&#9;script:alert(1)) now.',
    scheme: 'javascript',
    at: '[x]',
    text: '>x</a>',
  },
  {
    name: 'newline reference inside the scheme',
    markdown: 'See [x](java&#10;scr&#13;ipt:alert(1)) now.',
    scheme: 'javascript',
    at: '[x]',
    text: '>x</a>',
  },
  {
    name: 'data: HTML',
    markdown: 'See [x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) now.',
    scheme: 'data',
    at: '[x]',
    text: '>x</a>',
  },
  {
    name: 'data: image',
    markdown: 'See ![i](data:image/svg+xml,%3Csvg%20onload%3Dalert(1)%3E) now.',
    scheme: 'data',
    at: '![i]',
    text: 'alt="i"',
  },
  { name: 'vbscript:', markdown: 'See [x](vbscript:msgbox(1)) now.', scheme: 'vbscript', at: '[x]', text: '>x</a>' },
  { name: 'file:', markdown: 'See [x](file:///etc/passwd) now.', scheme: 'file', at: '[x]', text: '>x</a>' },
  {
    name: 'reference-style link',
    markdown: 'See [x][{}] now.\n\n[{}]: javascript:alert(1)',
    scheme: 'javascript',
    at: '[{}]:',
    text: '>x</a>',
  },
  {
    name: 'reference-style image',
    markdown: 'See ![i][{}] now.\n\n[{}]: <\tJaVa&#115;cript:alert(1)>',
    scheme: 'javascript',
    at: '[{}]:',
    text: 'alt="i"',
  },
  {
    name: 'collapsed reference',
    markdown: 'See [{}][] now.\n\n[{}]: data:text/html,hi',
    scheme: 'data',
    at: '[{}]:',
    text: '</a>',
  },
];

const allowed: { markdown: string; urls: string[] }[] = [
  {
    markdown: '[a](https://example.com/a?b=1&c=2#d) [b](http://example.com) [c](HTTPS://EXAMPLE.COM/X)',
    urls: ['https://example.com/a?b=1&c=2#d', 'http://example.com', 'HTTPS://EXAMPLE.COM/X'],
  },
  {
    markdown: '[m](mailto:someone@example.com) <mailto:a@example.com> <b@example.com>',
    urls: ['mailto:someone@example.com', 'mailto:a@example.com', 'mailto:b@example.com'],
  },
  {
    markdown: '[r](/resources/getting-started) [f](#field-notes) [q](?page=2) [p](page.md) [u](../up/x) [c](./a:b)',
    urls: ['/resources/getting-started', '#field-notes', '?page=2', 'page.md', '../up/x', './a:b'],
  },
  {
    markdown: '![i](/img/a.png) ![j](https://cdn.example/j.png) [n](//cdn.example/n)',
    urls: ['/img/a.png', 'https://cdn.example/j.png', '//cdn.example/n'],
  },
  {
    markdown: 'See [x][ok] and www.example.com.\n\n[ok]: https://example.com/ok',
    urls: ['https://example.com/ok', 'http://www.example.com'],
  },
];

const ofCase = (entry: Hostile, label = 'r') => entry.markdown.replaceAll('{}', label);

describe('rendering drops URLs of disallowed schemes', () => {
  it.each(hostile)('$name: no href or src is left, the text stays', (entry) => {
    const { html } = renderMarkdown(ofCase(entry));
    expect(urlAttributes(html)).toEqual([]);
    expect(html).toContain(entry.text);
  });

  it.each(hostile)('$name: both pipelines (GFM and the CommonMark fast path) drop it', (entry) => {
    for (const processor of [markdownProcessor, commonmarkProcessor]) {
      const html = String(processor.processSync(ofCase(entry)));
      expect(urlAttributes(html)).toEqual([]);
    }
  });

  it.each(hostile)('$name: is recorded with its scheme, line and column', (entry) => {
    const markdown = `Intro.\n\n${ofCase(entry)}`;
    const offset = markdown.indexOf(ofCase({ ...entry, markdown: entry.at }));
    const line = markdown.slice(0, offset).split('\n').length;
    const column = offset - markdown.lastIndexOf('\n', offset - 1);
    expect(renderMarkdown(markdown).disallowedUrls).toEqual([
      expect.objectContaining({ scheme: entry.scheme, line, column }),
    ]);
  });

  it.each(allowed)('keeps http, https, mailto and relative URLs unchanged: $markdown', ({ markdown, urls }) => {
    const rendered = renderMarkdown(markdown);
    expect(urlAttributes(rendered.html).map((url) => url.value)).toEqual(urls);
    for (const url of urlAttributes(rendered.html)) expect(allowedProtocols).toContain(url.protocol);
    expect(rendered.disallowedUrls).toEqual([]);
  });

  it('drops a hostile URL next to allowed ones, keeping those', () => {
    const { html } = renderMarkdown('[a](https://a.example) [x](javascript:alert(1)) [b](/b)');
    expect(urlAttributes(html).map((url) => url.value)).toEqual(['https://a.example', '/b']);
  });

  it('drops raw HTML, with its href and src, as it always did', () => {
    const raw =
      'Hi <a href="javascript:alert(1)">inline</a> <img src="javascript:alert(2)">\n\n<div><a href="javascript:alert(3)">block</a></div>\n\n<svg><a xlink:href="javascript:alert(4)">svg</a></svg>';
    const { html } = renderMarkdown(raw);
    expect(htmlAttributes(html)).toEqual([]);
    expect(html).not.toMatch(/<(a|img|svg|div)\b/);
  });
});

describe('the scheme of a URL is read as a browser reads it', () => {
  const base = 'https://site.example/dir/page';
  const samples = [
    'javascript:x',
    'JAVASCRIPT:x',
    ' \x00\x1fjavascript:x',
    'java\tscript:x',
    'j\na\rv\ta:x',
    'javascript :x',
    'java script:x',
    '\u00a0javascript:x',
    '\ufeffjavascript:x',
    '1javascript:x',
    '+a:x',
    'a+b-c.d:x',
    '/javascript:x',
    './javascript:x',
    '#javascript:x',
    '?javascript:x',
    '%6Aavascript:x',
    ':x',
    '',
    'https://a.example',
    'HtTpS://a.example',
    'mailto:a@b.example',
    'data:,x',
    'c:/windows',
    'jav\u0130script:x',
    '//evil.example/x',
    '\\\\evil.example/x',
    'vbscript:x',
  ];

  it.each(samples)('agrees with the WHATWG URL parser: %j', (url) => {
    const scheme = urlScheme(url);
    expect(new URL(url, base).protocol).toBe(scheme === null ? 'https:' : `${scheme}:`);
  });

  it('resolves the URLs the search page writes with the browser parser, refusing other schemes', () => {
    expect(allowedUrl('/resources/a', base)?.href).toBe('https://site.example/resources/a');
    expect(allowedUrl('mailto:a@b.example', base)?.protocol).toBe('mailto:');
    for (const url of ['javascript:alert(1)', ' JaVa\tScRiPt:alert(1)', 'data:text/html,x', 'http://[bad'])
      expect(allowedUrl(url, base)).toBeNull();
  });
});

describe('validate reports each disallowed URL where it is written', () => {
  let file: string;
  let text: string;
  let problems: Problem[];

  beforeAll(async () => {
    const dir = copyFixture('minimal');
    file = path.join(dir, 'resources', 'wire-formats.md');
    const original = fs.readFileSync(file, 'utf8');
    const body = hostile.map((entry, index) => ofCase(entry, `ref-${index}`)).join('\n\n');
    text = original.replace('JSON is the lingua franca;', `${body}\n\nJSON is the lingua franca;`);
    fs.writeFileSync(file, text);
    ({ problems } = await loadContent(dir));
  });

  it.each(hostile.map((entry, index) => ({ ...entry, index })))('$name', (entry) => {
    const label = `ref-${entry.index}`;
    const start = text.indexOf(ofCase(entry, label));
    const offset = text.indexOf(ofCase({ ...entry, markdown: entry.at }, label), start);
    const line = text.slice(0, offset).split('\n').length;
    const column = offset - text.lastIndexOf('\n', offset - 1);
    const found = problems.filter((problem) => problem.code === 'DisallowedUrlScheme' && problem.line === line);
    expect(found, JSON.stringify(problems, null, 1)).toHaveLength(1);
    expect(path.resolve(found[0]!.file)).toBe(file);
    expect(found[0]).toMatchObject({ severity: 'error', column, field: 'body' });
    expect(found[0]!.message).toContain(`\`${entry.scheme}:\``);
    expect(found[0]!.hint).toContain('http:, https: or mailto:');
  });

  it('reports nothing else: allowed links in the same file pass', () => {
    expect(problems.filter((problem) => problem.code !== 'DisallowedUrlScheme')).toEqual([]);
    expect(problems).toHaveLength(hostile.length);
  });
});
