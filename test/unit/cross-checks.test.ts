import { describe, expect, it } from 'vitest';
import { crossCheck } from '../../src/content/cross-checks.js';
import type { Problem } from '../../src/errors/problem.js';
import { input, resource, resourceFront, shown, site } from './content-docs.js';

// Codes, files, fields, lines and severities: the wording of messages is not what these tests pin down.
const located = (problems: Problem[]) =>
  problems.map(({ code, file, line, column, field, severity }) => ({ code, file, line, column, field, severity }));
const codes = (problems: Problem[]) => problems.map((problem) => problem.code);

const terms = (body: string) => resource('access-and-pricing', resourceFront(), body);

describe('taxonomy', () => {
  const taxonomy = site({ categories: [{ id: 'guides', title: 'Guides' }], tags: ['mcp', 'keys'] });

  it('reports a category outside site.yaml at its value, as an error', () => {
    const problems = crossCheck(
      input({ site: taxonomy, resources: [resource('one', resourceFront().with(2, 'category: other'))] }),
    );
    expect(located(problems)).toEqual([
      {
        code: 'UnknownCategory',
        file: shown('resources/one.md'),
        line: 4,
        column: 11,
        field: 'category',
        severity: 'error',
      },
    ]);
  });

  it('reports each tag outside the vocabulary at its list item, as a warning', () => {
    const problems = crossCheck(
      input({ site: taxonomy, resources: [resource('one', resourceFront().with(3, 'tags: [mcp, zebra, keys, yak]'))] }),
    );
    expect(located(problems)).toEqual([
      {
        code: 'UnknownTag',
        file: shown('resources/one.md'),
        line: 5,
        column: 13,
        field: 'tags.1',
        severity: 'warning',
      },
      {
        code: 'UnknownTag',
        file: shown('resources/one.md'),
        line: 5,
        column: 26,
        field: 'tags.3',
        severity: 'warning',
      },
    ]);
  });

  it('accepts any category and tag when site.yaml declares none', () => {
    const one = resource('one', resourceFront().with(2, 'category: other').with(3, 'tags: [zebra]'));
    expect(crossCheck(input({ resources: [one] }))).toEqual([]);
  });
});

describe('premium rules', () => {
  const premium = (name: string, ...extra: string[]) =>
    resource(name, resourceFront('premium: true', 'premium_summary: A teaser.', ...extra));

  it('accepts a premium resource with a summary, sections, and a terms page that names it', () => {
    expect(crossCheck(input({ resources: [premium('paid-guide'), terms('Premium: paid-guide.')] }))).toEqual([]);
  });

  it.each(['getting-started', 'access-and-pricing'])('forbids making %s premium, at its premium field', (slug) => {
    const problems = crossCheck(input({ resources: [premium(slug)] }));
    expect(located(problems).filter((problem) => problem.code === 'ForbiddenPremium')).toEqual([
      {
        code: 'ForbiddenPremium',
        file: shown(`resources/${slug}.md`),
        line: 7,
        column: 10,
        field: 'premium',
        severity: 'error',
      },
    ]);
  });

  it('needs premium_summary on a premium resource', () => {
    const problems = crossCheck(
      input({ resources: [resource('paid', resourceFront('premium: true')), terms('paid')] }),
    );
    expect(located(problems)).toEqual([
      {
        code: 'PremiumWithoutSummary',
        file: shown('resources/paid.md'),
        line: 7,
        column: 10,
        field: 'premium',
        severity: 'error',
      },
    ]);
  });

  it('needs at least one H2 section in a premium body, reported at the first body line', () => {
    const flat = resource('paid', resourceFront('premium: true', 'premium_summary: T.'), 'Just text.\n\n### Not an H2');
    const problems = crossCheck(input({ resources: [flat, terms('paid')] }));
    // Two extra front-matter lines: the body starts on line 11.
    expect(located(problems)).toEqual([
      {
        code: 'PremiumWithoutSections',
        file: shown('resources/paid.md'),
        line: 11,
        column: 1,
        field: 'body',
        severity: 'error',
      },
    ]);
  });

  it('warns about premium-only fields on a free resource, one problem per field', () => {
    const free = resource('free', resourceFront('price: 5', 'currency: EUR', 'premium: false'));
    expect(located(crossCheck(input({ resources: [free] })))).toEqual([
      {
        code: 'PremiumFieldsOnFree',
        file: shown('resources/free.md'),
        line: 7,
        column: 8,
        field: 'price',
        severity: 'warning',
      },
      {
        code: 'PremiumFieldsOnFree',
        file: shown('resources/free.md'),
        line: 8,
        column: 11,
        field: 'currency',
        severity: 'warning',
      },
    ]);
  });

  it('warns once when premium resources exist without an access-and-pricing resource', () => {
    const problems = crossCheck(input({ resources: [premium('paid-a'), premium('paid-b')] }));
    expect(located(problems)).toEqual([
      {
        code: 'MissingTermsResource',
        file: shown('resources/paid-a.md'),
        line: 7,
        column: 10,
        field: 'premium',
        severity: 'warning',
      },
    ]);
  });

  it('does not report a missing terms resource when its file exists but failed to load', () => {
    const problems = crossCheck(
      input({ resources: [premium('paid-a')], resourceSlugs: ['paid-a', 'access-and-pricing'] }),
    );
    expect(problems).toEqual([]);
  });

  it('warns on access-and-pricing for each premium slug it does not name', () => {
    const problems = crossCheck(
      input({ resources: [premium('paid-a'), premium('paid-b'), terms('Only paid-a here.')] }),
    );
    expect(located(problems)).toEqual([
      {
        code: 'PremiumNotAnnounced',
        file: shown('resources/access-and-pricing.md'),
        line: 9,
        column: 1,
        field: 'body',
        severity: 'warning',
      },
    ]);
  });

  it('trusts neither a value nor an absence that failed its schema check', () => {
    const free = resource('free', resourceFront('price: 3'));
    expect(codes(crossCheck(input({ resources: [free] })))).toEqual(['PremiumFieldsOnFree']);
    expect(crossCheck(input({ resources: [{ ...free, invalid: ['premium'] }] }))).toEqual([]);
    // '' stands for front matter that failed as a whole.
    expect(crossCheck(input({ resources: [{ ...free, invalid: [''] }] }))).toEqual([]);
    const paid = resource('paid', resourceFront('premium: true'));
    expect(crossCheck(input({ resources: [{ ...paid, invalid: ['premium_summary'] }, terms('paid')] }))).toEqual([]);
  });
});

describe('bodies and verified sources', () => {
  it('warns about an empty body at the line before it', () => {
    const empty = resource('empty', resourceFront(), '');
    expect(located(crossCheck(input({ resources: [empty] })))).toEqual([
      { code: 'EmptyBody', file: shown('resources/empty.md'), line: 8, column: 1, field: 'body', severity: 'warning' },
    ]);
  });

  it('warns about a Verified sources section without links, and flags relative source URLs where written', () => {
    const none = resource('none', resourceFront(), '## Verified sources\n\nNone yet.');
    const relative = resource(
      'relative',
      resourceFront(),
      '## Verified sources\n\n- [Spec](https://example.org/spec)\n- [Local](/resources/none)',
    );
    expect(located(crossCheck(input({ resources: [none, relative] })))).toEqual([
      {
        code: 'EmptyVerifiedSources',
        file: shown('resources/none.md'),
        line: 9,
        column: 1,
        field: 'sources',
        severity: 'warning',
      },
      {
        code: 'RelativeSourceUrl',
        file: shown('resources/relative.md'),
        line: 12,
        column: 3,
        field: 'sources',
        severity: 'error',
      },
    ]);
  });

  it('reports links with schemes pages may not carry, at the link', () => {
    const bad = resource(
      'bad',
      resourceFront(),
      '## A\n\nSee [x](javascript:alert(1)) and ![i](data:image/png;base64,AA).',
    );
    const problems = crossCheck(input({ resources: [bad] }));
    expect(codes(problems)).toEqual(['DisallowedUrlScheme', 'DisallowedUrlScheme']);
    expect(problems.map((problem) => [problem.line, problem.column, problem.field])).toEqual([
      [11, 5, 'body'],
      [11, 34, 'body'],
    ]);
  });
});
