import { describe, expect, it } from 'vitest';
import { checkRequestPath, maxPathLength } from '../../src/shared/request-path.js';
import { acceptQuality, prefersHtml, prefersMarkdown } from '../../src/shared/accept.js';

// What the worker reads from a request before routing it: the path (checkRequestPath) and the
// Accept header (Markdown and HTML negotiation).

/** Through the URL parser, as the worker sees a request. */
const viaUrl = (path: string) => checkRequestPath(new URL(path, 'https://site.example'));
/** A pathname as given, for what the URL parser would already have resolved (checkRequestPath reads only `pathname`). */
const raw = (pathname: string) => checkRequestPath({ pathname } as URL);

describe('checkRequestPath: accepted paths', () => {
  it('returns the decoded path', () => {
    expect(viaUrl('/resources/caf%C3%A9')).toEqual({ ok: true, pathname: '/resources/café' });
    expect(viaUrl('/a%20b/c')).toEqual({ ok: true, pathname: '/a b/c' });
    expect(viaUrl('/')).toEqual({ ok: true, pathname: '/' });
  });

  it('keeps dots that are not whole segments', () => {
    expect(viaUrl('/resources/x.md')).toMatchObject({ ok: true, pathname: '/resources/x.md' });
    expect(raw('/a/...b/.hidden/..x')).toMatchObject({ ok: true });
  });

  it('accepts a path of exactly the maximum length', () => {
    const pathname = `/${'a'.repeat(maxPathLength - 1)}`;
    expect(raw(pathname)).toEqual({ ok: true, pathname });
  });
});

describe('checkRequestPath: refused paths', () => {
  it('refuses an over-long path with 414 before decoding it', () => {
    expect(raw(`/${'a'.repeat(maxPathLength)}`)).toMatchObject({ ok: false, status: 414, error: 'uri_too_long' });
    // Too long and badly encoded: length is judged first.
    expect(raw(`/%${'a'.repeat(maxPathLength)}`)).toMatchObject({ status: 414 });
  });

  it.each(['/a%2fb', '/a%2Fb', '/a%5cb', '/a%5Cb', '/resources%2f..%2fsecret'])(
    'refuses the encoded slash or backslash in %s',
    (path) => {
      expect(viaUrl(path)).toMatchObject({ ok: false, status: 400, error: 'bad_path' });
    },
  );

  it.each(['/%E9', '/%C3', '/%', '/a%zz', '/%ED%A0%80'])('refuses %s: not percent-encoded UTF-8', (path) => {
    expect(viaUrl(path)).toMatchObject({ ok: false, status: 400, error: 'bad_path' });
  });

  it.each(['/a%00b', '/a%0Ab', '/a%0d', '/a%1F', '/a%7F', '/a%09b'])('refuses the control character in %s', (path) => {
    expect(viaUrl(path)).toMatchObject({ ok: false, status: 400, error: 'bad_path' });
  });

  it('refuses a raw backslash that reached the path', () => {
    expect(raw('/a\\b')).toMatchObject({ ok: false, error: 'bad_path' });
  });

  it('refuses dot segments the URL parser did not resolve, raw or encoded', () => {
    for (const pathname of ['/a/../b', '/a/./b', '/..', '/a/%2e%2e/b', '/a/%2E/b', '/a/.%2e'])
      expect(raw(pathname), pathname).toMatchObject({ ok: false, status: 400, error: 'bad_path' });
  });

  it('lets the URL parser resolve ordinary dot segments (they never reach the check)', () => {
    expect(viaUrl('/a/../b')).toEqual({ ok: true, pathname: '/b' });
    expect(viaUrl('/a/%2e%2e/b')).toEqual({ ok: true, pathname: '/b' });
  });
});

describe('acceptQuality', () => {
  it('is 1 for a listed type without q, 0 for an unlisted one', () => {
    expect(acceptQuality('text/html', 'text/html')).toBe(1);
    expect(acceptQuality('text/html', 'application/json')).toBe(0);
    expect(acceptQuality('', 'text/html')).toBe(0);
  });

  it('reads q-values, with spaces and other parameters around them', () => {
    expect(acceptQuality('text/html;q=0.5', 'text/html')).toBe(0.5);
    expect(acceptQuality('text/plain, text/html ; level=1 ; q=0.3', 'text/html')).toBe(0.3);
    expect(acceptQuality('application/json;q=0', 'application/json')).toBe(0);
  });

  it('is case-insensitive in ranges and parameters', () => {
    expect(acceptQuality('TEXT/HTML;Q=0.7', 'text/html')).toBe(0.7);
  });

  it('clamps q into [0, 1] and reads a malformed q as 0', () => {
    expect(acceptQuality('text/html;q=5', 'text/html')).toBe(1);
    expect(acceptQuality('text/html;q=-1', 'text/html')).toBe(0);
    expect(acceptQuality('text/html;q=high', 'text/html')).toBe(0);
  });

  it('falls back to type/* and then */*', () => {
    expect(acceptQuality('text/*;q=0.4', 'text/html')).toBe(0.4);
    expect(acceptQuality('*/*;q=0.2', 'text/html')).toBe(0.2);
    expect(acceptQuality('text/*;q=0.4', 'application/json')).toBe(0);
  });

  it('takes the most specific matching range, whatever its q and wherever it is listed', () => {
    expect(acceptQuality('*/*, text/*;q=0.6', 'text/html')).toBe(0.6);
    expect(acceptQuality('text/html;q=0.1, text/*;q=0.9, */*', 'text/html')).toBe(0.1);
    expect(acceptQuality('*/*;q=0.9, text/html;q=0.2', 'text/html')).toBe(0.2);
  });

  it('does not take a longer type name for the type', () => {
    expect(acceptQuality('text/htmlx', 'text/html')).toBe(0);
    expect(acceptQuality('texts/*', 'text/html')).toBe(0);
  });
});

describe('prefersMarkdown', () => {
  it.each([
    ['text/markdown', true],
    ['text/markdown, text/html', true],
    ['text/html;q=0.9, text/markdown', true],
    ['text/markdown;q=0.8, text/html;q=0.8', true],
    ['text/markdown;charset=utf-8', true],
    ['TEXT/MARKDOWN', true],
    ['text/markdown;q=0.5, text/html', false],
    ['text/markdown;q=0', false],
    ['text/*', false],
    ['*/*', false],
    ['text/markdownish', false],
    ['text/html', false],
    ['', false],
  ])('%j -> %s', (accept, expected) => {
    expect(prefersMarkdown(accept)).toBe(expected);
  });

  it('is false without an Accept header', () => {
    expect(prefersMarkdown(null)).toBe(false);
  });
});

describe('prefersHtml', () => {
  it.each([
    // A browser.
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', true],
    ['text/html', true],
    ['text/html, application/json;q=0.9', true],
    // curl and fetch defaults name no HTML.
    ['*/*', false],
    ['text/*', false],
    // An agent asking for JSON, or liking both the same.
    ['application/json', false],
    ['application/json, text/html', false],
    ['text/html;q=0.5, application/json', false],
    ['text/html;q=0.9, */*', false],
    ['text/html;q=0', false],
  ])('%j -> %s', (accept, expected) => {
    expect(prefersHtml(accept)).toBe(expected);
  });

  it('is false without an Accept header', () => {
    expect(prefersHtml(null)).toBe(false);
    expect(prefersHtml('')).toBe(false);
  });
});
