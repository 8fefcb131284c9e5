import { describe, expect, it } from 'vitest';
import { homepageCheck } from '../../src/grader/checks/homepage.js';
import { licenseCheck } from '../../src/grader/checks/license.js';
import { llmsTxtCheck, parseLlmsTxt } from '../../src/grader/checks/llms-txt.js';
import { robotsCheck, sitemapLines } from '../../src/grader/checks/robots.js';
import { contextFor, goodSite, homepage, licenseXml, llmsTxt, type SiteMap } from './grader-site.js';

const run = (check: { run: typeof robotsCheck.run }, pages: SiteMap) => check.run(contextFor(pages));
const html = (body: string) => ({ type: 'text/html', body });

describe('robots.txt', () => {
  it('passes with a User-agent group and a Sitemap line, naming the extras it saw', async () => {
    const outcome = await run(robotsCheck, goodSite());
    expect(outcome).toEqual({ fraction: 1, details: expect.stringContaining('https://site.example/sitemap.xml') });
    expect(outcome.details).toMatch(/also Content-Signal and License/);
  });

  it('fails when missing or empty', async () => {
    const missing = await run(robotsCheck, {});
    expect(missing).toMatchObject({ fraction: 0, details: '/robots.txt answered 404.' });
    expect(missing.action).toBeTruthy();
    expect((await run(robotsCheck, { '/robots.txt': ' \n\n' })).fraction).toBe(0);
  });

  it('gives half for each of the group and the Sitemap line, and says which is missing', async () => {
    const noSitemap = await run(robotsCheck, { '/robots.txt': 'User-agent: *\nDisallow:\n' });
    expect(noSitemap.fraction).toBe(0.5);
    expect(noSitemap.action).toMatch(/Sitemap/);
    const noGroup = await run(robotsCheck, { '/robots.txt': 'Sitemap: https://site.example/s.xml\n' });
    expect(noGroup.fraction).toBe(0.5);
    expect(noGroup.action).toMatch(/User-agent/);
  });

  it('reads Sitemap lines in any case and spacing', () => {
    expect(sitemapLines('sitemap:/a.xml\n  SITEMAP :  https://x/b.xml  \n# Sitemap: /c.xml\nSitemaps: /d')).toEqual([
      '/a.xml',
      'https://x/b.xml',
    ]);
  });
});

describe('llms.txt', () => {
  it('passes a substantial file with an H1, a blockquote and linked H2 sections', async () => {
    const outcome = await run(llmsTxtCheck, goodSite());
    expect(outcome.fraction).toBe(1);
    expect(outcome.details).toMatch(/^2 H2 link sections, 7 links, \d+ characters\.$/);
    expect(outcome.action).toBeUndefined();
  });

  it('fails when missing, empty, or HTML (an app shell answering every path)', async () => {
    const cases: SiteMap[] = [{}, { '/llms.txt': '   ' }, { '/llms.txt': html('<!doctype html><p>App') }];
    for (const pages of cases) {
      const outcome = await run(llmsTxtCheck, pages);
      expect(outcome.fraction).toBe(0);
      expect(outcome.action).toBeTruthy();
    }
    // Served as text/plain, but an HTML document all the same.
    expect((await run(llmsTxtCheck, { '/llms.txt': '<html><body># Title' })).fraction).toBe(0);
  });

  it('gives a quarter for each of H1, blockquote, a linked section and enough content', async () => {
    const short = '# Site\n\n> Summary.\n\n## Docs\n\n- [A](/a.md)\n';
    expect((await run(llmsTxtCheck, { '/llms.txt': short })).fraction).toBe(0.75);
    const noQuote = llmsTxt.replace(/^> .*$/m, 'Plain summary.');
    expect((await run(llmsTxtCheck, { '/llms.txt': noQuote })).fraction).toBe(0.75);
    const headingOnly = '# Site\n\nJust words.\n';
    expect((await run(llmsTxtCheck, { '/llms.txt': headingOnly })).fraction).toBe(0.25);
  });

  it('parses the llmstxt.org structure: sections count only when they hold links', () => {
    const parsed = parseLlmsTxt(
      '\n# Name\n> quote\n## Empty\ntext\n## Links\n* [a](/a.md): x\n  - [b](https://e.x/b)\n## Tail\n',
    );
    expect(parsed).toEqual({ h1: true, blockquote: true, sections: 1, links: ['/a.md', 'https://e.x/b'] });
    expect(parseLlmsTxt('Intro\n# Late heading').h1).toBe(false);
  });
});

describe('homepage', () => {
  it('passes with a title, a meta description and JSON-LD that parses', async () => {
    const outcome = await run(homepageCheck, goodSite());
    expect(outcome).toEqual({ fraction: 1, details: expect.stringContaining('Title "Test Site & Friends"') });
  });

  it('fails when the homepage does not answer 200', async () => {
    expect(await run(homepageCheck, { '/': { status: 500, body: 'oops' } })).toMatchObject({
      fraction: 0,
      details: 'The homepage answered 500.',
    });
  });

  it('gives a third for each part, listing what to add', async () => {
    const bare = await run(homepageCheck, { '/': html('<html><head><title> </title></head></html>') });
    expect(bare.fraction).toBe(0);
    expect(bare.action).toMatch(/<title>.*description.*JSON-LD/);
    const titled = await run(homepageCheck, { '/': html('<title>Site</title>') });
    expect(titled.fraction).toBeCloseTo(1 / 3);
  });

  it('finds the description whichever attribute comes first', async () => {
    const page = homepage.replace(/<meta[^>]*>/, '<meta content="Guides." name="description">');
    expect((await run(homepageCheck, { '/': html(page) })).fraction).toBe(1);
  });

  it('accepts entity-escaped JSON-LD and refuses it when any block is broken', async () => {
    const escaped = homepage.replace(
      /<script[^>]*>.*<\/script>/,
      '<script type="application/ld+json">&quot;text&quot;</script>',
    );
    expect((await run(homepageCheck, { '/': html(escaped) })).fraction).toBe(1);
    const broken = homepage.replace('</head>', '<script type="application/ld+json">{"@type": }</script></head>');
    const outcome = await run(homepageCheck, { '/': html(broken) });
    expect(outcome.fraction).toBeCloseTo(2 / 3);
    expect(outcome.details).toContain('1 of 2 JSON-LD blocks parse');
  });
});

describe('license.xml', () => {
  it('passes an RSL document with <content> and <license>', async () => {
    expect(await run(licenseCheck, goodSite())).toEqual({
      fraction: 1,
      details: 'RSL namespace; has <content> and <license>.',
    });
  });

  it('fails when missing', async () => {
    expect(await run(licenseCheck, {})).toMatchObject({ fraction: 0, details: '/license.xml answered 404.' });
  });

  it('gives half for the namespace and half for the elements', async () => {
    const otherNamespace = licenseXml.replace('https://rslstandard.org/rsl', 'https://example.org/terms');
    expect((await run(licenseCheck, { '/license.xml': otherNamespace })).fraction).toBe(0.5);
    const singleQuoted = licenseXml.replace('"https://rslstandard.org/rsl"', "'https://rslstandard.org/rsl'");
    expect((await run(licenseCheck, { '/license.xml': singleQuoted })).fraction).toBe(1);
    const noElements = '<rsl xmlns="https://rslstandard.org/rsl"><contents/><licensed/></rsl>';
    const outcome = await run(licenseCheck, { '/license.xml': noElements });
    expect(outcome.fraction).toBe(0.5);
    expect(outcome.action).toContain('<content');
  });
});
