import { describe, expect, it } from 'vitest';
import { decodeContentText } from '../../src/content/content-file.js';
import { splitFrontMatter } from '../../src/content/front-matter.js';
import { markdownPastLimits, maxNestingDepth, nestingProblem, yamlTooDeep } from '../../src/content/nesting-limit.js';
import { slugOf, slugPattern } from '../../src/content/slug.js';
import { decodeOrKeep } from '../../src/util/decode.js';
import { normalizeText } from '../../src/util/text.js';
import { parseDocument, type DocumentKind } from '../../src/content/parse-document.js';
import type { Problem } from '../../src/errors/problem.js';
import { schemaRegistry } from '../../src/schemas/registry.js';

// Reading one content file: text normalisation, slugs, front matter, the nesting limit, and
// parseDocument, which is pure (text in, problems and a rendering out; no file is read).

describe('normalizeText', () => {
  it('drops a leading byte-order mark only', () => {
    expect(normalizeText('\uFEFFtitle')).toBe('title');
    expect(normalizeText('a\uFEFFb')).toBe('a\uFEFFb');
  });

  it('turns CRLF and lone CR line ends into LF, keeping the number of lines', () => {
    expect(normalizeText('a\r\nb\rc\n\r\nd')).toBe('a\nb\nc\n\nd');
    expect(normalizeText('\uFEFF---\r\ntitle: x\r\n---\r\n')).toBe('---\ntitle: x\n---\n');
  });

  it('returns LF text unchanged', () => {
    expect(normalizeText('a\nb\n')).toBe('a\nb\n');
  });
});

describe('decodeContentText', () => {
  it('decodes UTF-8 and normalizes it', () => {
    expect(decodeContentText('x.md', Buffer.from('\uFEFFcafé\r\n', 'utf8'))).toEqual({ ok: true, text: 'café\n' });
  });

  it('refuses bytes that are not UTF-8, pointing at the first bad one', () => {
    const read = decodeContentText(
      'x.md',
      Buffer.concat([Buffer.from('ok\nab'), Buffer.from([0xe9]), Buffer.from('z')]),
    );
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problem).toMatchObject({ code: 'InvalidText', line: 2, column: 3 });
  });

  it('refuses NUL bytes, pointing at them', () => {
    const read = decodeContentText('x.md', Buffer.from('one\ntwo\0'));
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problem).toMatchObject({ code: 'InvalidText', line: 2, column: 4 });
  });
});

describe('slugs', () => {
  it.each(['a', 'abc', 'mcp-servers', 'x402-guide', '2025-review'])('accepts %s', (slug) => {
    expect(slugPattern.test(slug)).toBe(true);
  });

  it.each(['', 'A', 'Has-Caps', 'two--dashes', '-lead', 'trail-', 'under_score', 'dot.md', 'café', 'sp ace'])(
    'refuses %j',
    (slug) => {
      expect(slugPattern.test(slug)).toBe(false);
    },
  );

  it('takes the file name without .md as the slug', () => {
    expect(slugOf('/content/resources/mcp-servers.md')).toBe('mcp-servers');
    expect(slugOf('articles/c/notes.md.md')).toBe('notes.md');
    expect(slugOf('README')).toBe('README');
  });
});

describe('splitFrontMatter', () => {
  it('splits YAML from the body, counting the lines before each', () => {
    expect(splitFrontMatter('---\ntitle: T\n---\n\n\nBody line.\n\n')).toEqual({
      ok: true,
      value: { yaml: 'title: T', yamlLineOffset: 1, body: 'Body line.', bodyLineOffset: 5 },
    });
  });

  it('accepts CRLF fences, trailing spaces on fences and a BOM', () => {
    const split = splitFrontMatter('\uFEFF--- \r\ntitle: T\r\n---\t\r\nBody');
    expect(split).toMatchObject({ ok: true, value: { bodyLineOffset: 3, body: 'Body' } });
  });

  it('says whether front matter is missing or never closed', () => {
    expect(splitFrontMatter('# Title\n---\n')).toEqual({ ok: false, reason: 'missing' });
    expect(splitFrontMatter('----\ntitle: T\n----\n')).toEqual({ ok: false, reason: 'missing' });
    expect(splitFrontMatter('---\ntitle: T\n')).toEqual({ ok: false, reason: 'unclosed' });
  });
});

describe('nesting limit', () => {
  it('allows Markdown nested exactly to the limit and refuses one level more, where it starts', () => {
    expect(maxNestingDepth).toBe(100);
    expect(markdownPastLimits('>'.repeat(100))).toBeNull();
    expect(markdownPastLimits(`intro\n\n${'>'.repeat(101)} deep`)).toEqual({
      line: 2,
      column: 101,
      depth: 101,
      construct: 'blocks',
    });
  });

  it('counts list indentation at two columns a level and a tab as four columns', () => {
    expect(markdownPastLimits(`${' '.repeat(200)}- item`)).toBeNull();
    expect(markdownPastLimits(`${' '.repeat(202)}- item`)).toMatchObject({ line: 0, depth: 101 });
    expect(markdownPastLimits(`${'\t'.repeat(51)}x`)).toMatchObject({ depth: 102 });
  });

  it('does not count fenced code as nesting, before or after the fence closes', () => {
    const deep = '>'.repeat(150);
    expect(markdownPastLimits(`\`\`\`\n${deep}\n\`\`\``)).toBeNull();
    expect(markdownPastLimits(`~~~~\n${deep}\n~~~\n${deep}\n~~~~`)).toBeNull();
    expect(markdownPastLimits(`\`\`\`\ncode\n\`\`\`\n${deep}`)).toMatchObject({ line: 3 });
  });

  it('measures YAML by open brackets and by indentation', () => {
    expect(yamlTooDeep('['.repeat(100) + ']'.repeat(100))).toBeNull();
    expect(yamlTooDeep(`a: 1\nb: ${'['.repeat(101)}`)).toEqual({ line: 1, column: 104, depth: 101 });
    // Closed brackets give their depth back.
    expect(yamlTooDeep('[[]]'.repeat(1000))).toBeNull();
    expect(yamlTooDeep(`${' '.repeat(200)}a: 1`)).toBeNull();
    expect(yamlTooDeep(`${' '.repeat(201)}a: 1`)).toMatchObject({ line: 0 });
  });

  it('locates the problem in the file: lines before the text, 1-based', () => {
    const deep = { line: 2, column: 7, depth: 101 };
    expect(nestingProblem('x.md', 'Markdown', deep, 10)).toMatchObject({
      code: 'NestingTooDeep',
      line: 13,
      column: 7,
      field: 'body',
      severity: 'error',
    });
    expect(nestingProblem('x.md', 'YAML', deep, 1)).toMatchObject({ code: 'NestingTooDeep', line: 4, field: '' });
  });
});

describe('decodeOrKeep', () => {
  it('decodes valid percent-encoding and keeps anything else as written', () => {
    expect(decodeOrKeep('caf%C3%A9')).toBe('café');
    expect(decodeOrKeep('100%')).toBe('100%');
    expect(decodeOrKeep('%E9')).toBe('%E9');
  });
});

const validators = {
  resource: schemaRegistry().validator('resource.frontmatter'),
  article: schemaRegistry().validator('article.frontmatter'),
};
const parse = (name: string, text: string, kind: DocumentKind = 'resource') =>
  parseDocument({ file: `/virtual/${kind}s/${name}`, text, kind }, validators[kind]);
const brief = (problems: Problem[]) => problems.map(({ code, line, column, field }) => ({ code, line, column, field }));

const front = [
  'title: A title',
  'description: One line.',
  'category: guides',
  'tags: [mcp, keys]',
  'updated: 2025-01-01',
];
const doc = (lines: string[], body = '## Part\n\nText.') => ['---', ...lines, '---', '', body].join('\n');

describe('parseDocument', () => {
  it('parses a valid resource: slug, front matter, body position and one rendering', () => {
    const parsed = parse('good-one.md', doc(front));
    expect(parsed.problems).toEqual([]);
    expect(parsed.slug).toBe('good-one');
    expect(parsed.front).toMatchObject({ title: 'A title', tags: ['mcp', 'keys'], updated: '2025-01-01' });
    expect(parsed.body).toBe('## Part\n\nText.');
    expect(parsed.bodyLineOffset).toBe(8);
    expect(parsed.rendered?.sections).toEqual(['Part']);
  });

  it('still renders a file whose name is no slug, with the slug null', () => {
    const parsed = parse('Bad_Name.md', doc(front));
    expect(brief(parsed.problems)).toEqual([{ code: 'InvalidFileName', line: 0, column: 0, field: '' }]);
    expect(parsed.slug).toBeNull();
    expect(parsed.rendered?.anchors).toEqual(['part']);
  });

  it('reports missing and unclosed front matter at line 1, with nothing rendered', () => {
    const missing = parse('a.md', '# Just markdown');
    expect(brief(missing.problems)).toEqual([{ code: 'FrontMatterMissing', line: 1, column: 1, field: '' }]);
    expect(missing.rendered).toBeUndefined();
    expect(brief(parse('a.md', '---\ntitle: x\n\nBody').problems)).toEqual([
      { code: 'FrontMatterUnclosed', line: 1, column: 1, field: '' },
    ]);
  });

  it('reports YAML syntax errors on their file line and keeps no fields', () => {
    const parsed = parse('a.md', doc([...front.slice(0, 3), 'tags: [mcp', 'updated: 2025-01-01']));
    expect(parsed.problems.map((problem) => problem.code)).toContain('YamlSyntax');
    expect(parsed.problems.every((problem) => problem.line >= 5)).toBe(true);
    expect(parsed.front).toBeUndefined();
    expect(parsed.partialFront).toBeUndefined();
  });

  it('reports an unknown field at its key and keeps the fields that passed', () => {
    const parsed = parse('a.md', doc([...front, 'colour: red']));
    expect(brief(parsed.problems)).toEqual([{ code: 'UnknownField', line: 7, column: 1, field: 'colour' }]);
    expect(parsed.front).toBeUndefined();
    expect(parsed.partialFront?.invalid).toEqual(['colour']);
    expect(parsed.partialFront?.fields).toMatchObject({ title: 'A title', category: 'guides' });
    expect(parsed.rendered?.sections).toEqual(['Part']);
  });

  it('reports a missing required field and a value of the wrong shape, naming the field', () => {
    const parsed = parse('a.md', doc([front[0]!, front[1]!, 'tags: mcp', front[4]!]));
    expect(brief(parsed.problems)).toEqual([
      { code: 'MissingField', line: 1, column: 1, field: 'category' },
      { code: 'SchemaViolation', line: 4, column: 7, field: 'tags' },
    ]);
    expect(parsed.partialFront?.invalid.sort()).toEqual(['category', 'tags']);
  });

  it('refuses an impossible date', () => {
    const parsed = parse('a.md', doc([...front.slice(0, 4), 'updated: 2025-02-30']));
    expect(brief(parsed.problems)).toEqual([{ code: 'SchemaViolation', line: 6, column: 10, field: 'updated' }]);
  });

  it('stops before parsing a body nested past the limit, pointing at the file line', () => {
    const parsed = parse('a.md', doc(front, `Intro.\n\n${'>'.repeat(101)} deep`));
    expect(brief(parsed.problems)).toEqual([{ code: 'NestingTooDeep', line: 11, column: 101, field: 'body' }]);
    expect(parsed.rendered).toBeUndefined();
  });

  it('stops before parsing front matter nested past the limit', () => {
    const parsed = parse('a.md', doc([...front, `extra: ${'['.repeat(101)}`]));
    expect(brief(parsed.problems)).toEqual([{ code: 'NestingTooDeep', line: 7, column: 108, field: '' }]);
  });

  it('checks articles against their own schema', () => {
    const article = ['title: T', 'description: D.', 'kind: chapter', 'published: 2025-01-01', 'updated: 2025-01-01'];
    expect(brief(parse('a.md', doc(article), 'article').problems)).toEqual([
      { code: 'SchemaViolation', line: 4, column: 7, field: 'kind' },
    ]);
  });

  it('gives a Windows file (BOM, CRLF), once normalized, the same result as its LF twin', () => {
    const lf = doc([...front, 'colour: red'], '## Part\n\n[x](/resources/y)');
    const windows = normalizeText(`\uFEFF${lf.replace(/\n/g, '\r\n')}`);
    const [a, b] = [parse('a.md', lf), parse('a.md', windows)];
    expect(brief(b.problems)).toEqual(brief(a.problems));
    expect(b.rendered?.links).toEqual(a.rendered?.links);
    expect(b.bodyLineOffset).toBe(a.bodyLineOffset);
  });
});
