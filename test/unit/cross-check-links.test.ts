import { describe, expect, it } from 'vitest';
import { crossCheck } from '../../src/content/cross-checks.js';
import { parseInternalLink } from '../../src/content/internal-links.js';
import { parseYamlSource } from '../../src/content/source-file.js';
import type { Problem } from '../../src/errors/problem.js';
import { article, contentRoot, input, resource, resourceFront, shown } from './content-docs.js';

const located = (problems: Problem[]) =>
  problems.map(({ code, file, line, column, field, severity }) => ({ code, file, line, column, field, severity }));

/** Article front matter: required fields on lines 2-7, `extra` from line 8. */
const articleFront = (...extra: string[]) => [
  'title: An article',
  'description: About it.',
  'kind: sub',
  'order: 1',
  'published: 2025-01-10',
  'updated: 2025-02-01',
  ...extra,
];

describe('articles', () => {
  it('reports a slug used in two clusters on the later file, at its first line', () => {
    const first = article('alpha', 'shared-name', articleFront());
    const second = article('beta', 'shared-name', articleFront());
    expect(located(crossCheck(input({ articles: [first, second] })))).toEqual([
      {
        code: 'DuplicateSlug',
        file: shown('articles/beta/shared-name.md'),
        line: 1,
        column: 1,
        field: '',
        severity: 'error',
      },
    ]);
  });

  it('reports related resources that do not exist, at their list item', () => {
    const writing = article('alpha', 'writing', articleFront('resources:', '  - known', '  - missing'));
    const problems = crossCheck(input({ articles: [writing], resourceSlugs: ['known'] }));
    expect(located(problems)).toEqual([
      {
        code: 'UnknownRelatedResource',
        file: shown('articles/alpha/writing.md'),
        line: 10,
        column: 5,
        field: 'resources.1',
        severity: 'error',
      },
    ]);
  });

  it('warns when `updated` is before `published`, at `updated`; the same day is fine', () => {
    const backwards = article('alpha', 'backwards', articleFront().with(5, 'updated: 2025-01-09'));
    const sameDay = article('alpha', 'same-day', articleFront().with(5, 'updated: 2025-01-10'));
    expect(located(crossCheck(input({ articles: [backwards, sameDay] })))).toEqual([
      {
        code: 'DateOrder',
        file: shown('articles/alpha/backwards.md'),
        line: 7,
        column: 10,
        field: 'updated',
        severity: 'warning',
      },
    ]);
  });
});

describe('internal links', () => {
  const target = resource('target', resourceFront(), '## First part\n\n## Café au lait\n\nText.');
  const guide = article('alpha', 'guide', articleFront(), '## Intro\n\nText.');

  /** The problems of one resource whose body is `body` (its first line is file line 9). */
  const linksIn = (body: string) =>
    crossCheck(input({ resources: [target, resource('source', resourceFront(), body)], articles: [guide] }));

  it('accepts links to existing pages, variants and anchors, relative or under the site URL', () => {
    const body = [
      '## Here',
      '',
      '[a](/resources/target) [b](/resources/target.md) [c](/api/resources/target.json) [d](/resources/target/)',
      '[e](/articles/guide#intro) [f](https://site.example/resources/target#first-part) [g](#here)',
      '[h](/resources/target#caf%C3%A9-au-lait) [i](/resources/target.md#no-such-anchor) [j](https://other.example/resources/x)',
      '[k](/about) [l](mailto:someone@example.org) [m](/resources/target?x=1)',
    ].join('\n');
    expect(linksIn(body)).toEqual([]);
  });

  it.each([
    ['a missing resource', '[x](/resources/nowhere)', 1],
    ['a missing article', 'Go [x](/articles/nowhere.md)', 4],
    ['a missing JSON variant', '[x](/api/articles/nowhere.json)', 1],
    ['a path no page can have', 'See: [x](/resources/target/extra)', 6],
    ['an anchor the target lacks', '[x](/resources/target#third-part)', 1],
    ['an anchor missing on this page', '[x](#nowhere)', 1],
    ['a missing page under the site URL', '[x](https://site.example/articles/nope)', 1],
  ])('reports a link to %s where it is written', (_, line, column) => {
    const problems = linksIn(`## Here\n\nText.\n\n${line}`);
    expect(located(problems)).toEqual([
      {
        code: 'BrokenInternalLink',
        file: shown('resources/source.md'),
        line: 13,
        column,
        field: 'body',
        severity: 'error',
      },
    ]);
  });

  it('counts a resource whose file failed to load as existing, with anchors unknown', () => {
    const problems = crossCheck(
      input({
        resources: [resource('source', resourceFront(), '[x](/resources/broken#any-anchor)')],
        resourceSlugs: ['source', 'broken'],
      }),
    );
    expect(problems).toEqual([]);
  });

  it('checks the links of a document whose name is no slug', () => {
    const odd = resource('Odd_Name', resourceFront(), '[x](/resources/nowhere)');
    expect(odd.slug).toBeNull();
    expect(located(crossCheck(input({ resources: [odd] })))[0]).toMatchObject({ code: 'BrokenInternalLink', line: 9 });
  });
});

describe('parseInternalLink', () => {
  const parse = (url: string) => parseInternalLink(url, 'https://site.example');

  it('reads family, slug, decoded anchor and whether the HTML page is meant', () => {
    expect(parse('/resources/x#a%20b')).toEqual({ family: 'resources', slug: 'x', anchor: 'a b', html: true });
    expect(parse('/articles/y.md')).toEqual({ family: 'articles', slug: 'y', anchor: '', html: false });
    expect(parse('/api/resources/z.json')).toEqual({ family: 'resources', slug: 'z', anchor: '', html: false });
    expect(parse('https://site.example/resources/x/')).toMatchObject({ slug: 'x', html: true });
  });

  it('ignores other sites, protocol-relative links and pages outside the two families', () => {
    for (const url of [
      'https://other.example/resources/x',
      '//site.example/resources/x',
      '/about',
      'resources/x',
      '#a',
    ])
      expect(parse(url), url).toBeNull();
  });

  it('marks impossible shapes inside the families as broken', () => {
    for (const url of ['/resources/', '/resources/a/b', '/api/resources/x.md', '/api/articles/x'])
      expect(parse(url), url).toEqual({ broken: true });
  });
});

describe('learning paths', () => {
  const yaml = [
    'paths:',
    '  - id: start',
    '    title: Start',
    '    steps: [known, missing]',
    '  - id: start',
    '    title: Again',
    '    steps: [known]',
  ].join('\n');
  const file = `${contentRoot}/paths.yaml`;
  const { source } = parseYamlSource(file, yaml, yaml, 0);
  const paths = (source.data as { paths: { id: string; title: string; steps: string[] }[] }).paths;

  it('reports unknown steps and reused ids at their place in paths.yaml', () => {
    const problems = crossCheck(input({ paths, pathsSource: source, resourceSlugs: ['known'] }));
    expect(located(problems)).toEqual([
      {
        code: 'UnknownPathStep',
        file: shown('paths.yaml'),
        line: 4,
        column: 20,
        field: 'paths.0.steps.1',
        severity: 'error',
      },
      {
        code: 'DuplicatePathId',
        file: shown('paths.yaml'),
        line: 5,
        column: 9,
        field: 'paths.1.id',
        severity: 'error',
      },
    ]);
  });

  it('checks nothing without a paths.yaml', () => {
    expect(crossCheck(input({ paths, resourceSlugs: [] }))).toEqual([]);
  });
});
