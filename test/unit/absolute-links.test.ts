import { describe, expect, it } from 'vitest';
import { absoluteLinks, renderMarkdown } from '../../src/markdown/render.js';

const base = 'https://docs.example';
const absolute = (body: string) => absoluteLinks(body, renderMarkdown(body).rootRelativeAt, base);

describe('absoluteLinks', () => {
  it.each([
    ['an inline link', '[a](/resources/x)', '[a](https://docs.example/resources/x)'],
    ['a link with a title', '[a](/x "Title (/y)")', '[a](https://docs.example/x "Title (/y)")'],
    ['a link in angle brackets', '[a](</x y>)', '[a](<https://docs.example/x y>)'],
    ['an image', '![alt](/img.png)', '![alt](https://docs.example/img.png)'],
    ['a reference definition', '[a][r]\n\n[r]: /resources/x', '[a][r]\n\n[r]: https://docs.example/resources/x'],
    ['link text that looks like a destination', '[see (/x)](/y)', '[see (/x)](https://docs.example/y)'],
  ])('makes %s absolute', (_, body, expected) => {
    expect(absolute(body)).toBe(expected);
  });

  it.each([
    ['code spans', 'Use `[a](/x)` in Markdown.'],
    ['fenced code', '```md\n[a](/x)\n```'],
    ['other sites and protocol-relative URLs', '[a](https://other.example/x) [b](//cdn.example/y)'],
    ['relative and fragment links', '[a](x.md) [b](#part)'],
  ])('leaves %s alone', (_, body) => {
    expect(absolute(body)).toBe(body);
  });

  it('changes each of several links exactly once, in order', () => {
    expect(absolute('[a](/1) and [b](/2)\n\n- [c](/3)')).toBe(
      '[a](https://docs.example/1) and [b](https://docs.example/2)\n\n- [c](https://docs.example/3)',
    );
  });
});
