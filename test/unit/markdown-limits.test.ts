import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ParsedDocument } from '../../src/content/parse-document.js';
import { ParseCache } from '../../src/content/parse-cache.js';
import { markdownPastLimits, maxNestingDepth, maxRewriteWork } from '../../src/content/nesting-limit.js';
import { renderBudgetMs, renderWithinBudget, withinBudget } from '../../src/content/parse-budget.js';
import { createProblem } from '../../src/errors/problem.js';
import { renderMarkdown } from '../../src/markdown/render.js';
import { tempDir } from '../helpers/fixtures.js';

/** The first rewrite past a limit of `work`: where it is and what the lines above added up to. */
const rewritesPast = (text: string, work: number) =>
  markdownPastLimits(text, { depth: maxNestingDepth, rewriteWork: work });

describe('the pre-pass: open emphasis and brackets in a paragraph', () => {
  it('counts each open `*` or `_` as a level, and a `~~` run as one', () => {
    expect(markdownPastLimits(`${'*'.repeat(100)}x${'*'.repeat(100)}`)).toBeNull();
    expect(markdownPastLimits(`${'*'.repeat(5000)}x${'*'.repeat(5000)}`)).toEqual({
      construct: 'emphasis',
      line: 0,
      column: 101,
      depth: 101,
    });
    expect(markdownPastLimits(`intro\n\n${'_'.repeat(101)}x`)).toMatchObject({ construct: 'emphasis', line: 2 });
    expect(markdownPastLimits('~~a '.repeat(100))).toBeNull();
    expect(markdownPastLimits('~~a '.repeat(101))).toMatchObject({ construct: 'emphasis', column: 401 });
  });

  it('gives the levels back when they close, so emphasis that closes may be as long as it likes', () => {
    expect(markdownPastLimits('**bold**, *em* and ~~struck~~ text. '.repeat(10_000))).toBeNull();
    expect(markdownPastLimits('*a'.repeat(50_000))).toBeNull();
    expect(markdownPastLimits(`${'*a '.repeat(60)}${'b* '.repeat(60)}`.repeat(100))).toBeNull();
    // `_` inside a word neither opens nor closes.
    expect(markdownPastLimits('a_snake_case_name '.repeat(1000))).toBeNull();
  });

  it('counts open brackets, of links and images alike', () => {
    expect(markdownPastLimits(`${'['.repeat(100)}x${']'.repeat(100)}`)).toBeNull();
    expect(markdownPastLimits(`${'['.repeat(50_000)}${']'.repeat(50_000)}`)).toMatchObject({
      construct: 'brackets',
      line: 0,
      column: 101,
      depth: 101,
    });
    expect(markdownPastLimits('!['.repeat(101))).toMatchObject({ construct: 'brackets', column: 202 });
    expect(markdownPastLimits('[a](/b) and ![c](/d.png) '.repeat(10_000))).toBeNull();
    // Emphasis and brackets add up: both are levels of the same tree.
    expect(markdownPastLimits(`${'['.repeat(50)}${'*'.repeat(51)}x`)).toMatchObject({ depth: 101 });
  });

  it('starts again at each paragraph, and at each list item that can end one', () => {
    const open = '['.repeat(60);
    expect(markdownPastLimits(`${open}\n\n${open}`)).toBeNull();
    expect(markdownPastLimits(`${open}\n- ${open}`)).toBeNull();
    expect(markdownPastLimits(`${open}\n${open}`)).toMatchObject({ construct: 'brackets', line: 1, column: 41 });
    // A list numbered from 2 cannot interrupt a paragraph: the line goes on with it.
    expect(markdownPastLimits(`${open}\n2. ${open}`)).toMatchObject({ construct: 'brackets', line: 1 });
  });

  it('does not count code spans, escaped characters, fenced code or indented code', () => {
    expect(markdownPastLimits(`\`${'['.repeat(200)}\``)).toBeNull();
    expect(markdownPastLimits(`\`\`${'*a '.repeat(200)}\`\``)).toBeNull();
    expect(markdownPastLimits(`\`\`\`\n${'['.repeat(200)}\n\`\`\``)).toBeNull();
    expect(markdownPastLimits('\\['.repeat(200))).toBeNull();
    expect(markdownPastLimits(`Text.\n\n    ${'*p = *q; '.repeat(200)}`)).toBeNull();
  });

  it('counts what follows a backtick that opens no code span', () => {
    expect(markdownPastLimits(`\` ${'['.repeat(101)}`)).toMatchObject({ construct: 'brackets' });
    expect(markdownPastLimits(`\`\` ${'['.repeat(101)} \``)).toMatchObject({ construct: 'brackets' });
    // An escaped backtick closes nothing.
    expect(markdownPastLimits(`\` ${'['.repeat(101)} \\\``)).toMatchObject({ construct: 'brackets' });
  });
});

describe('the pre-pass: lines above each list item, blockquote edge and underlined heading', () => {
  it('counts the lines above a list item, and above each line where blockquotes start or end', () => {
    expect(rewritesPast('a\nb\n- item', 0)).toEqual({ construct: 'rewrites', line: 2, column: 3, work: 2 });
    expect(rewritesPast('a\n\n10. item', 0)).toMatchObject({ line: 2, work: 2 });
    expect(rewritesPast('> quoted\n> still\n\nplain', 0)).toMatchObject({ line: 2, work: 2 });
    expect(rewritesPast('a\n\n> quoted\n> still', 0)).toMatchObject({ line: 2, work: 2 });
  });

  it('counts an underline four times over, and adds them all up', () => {
    expect(rewritesPast('Title\n=====\n', 0)).toMatchObject({ line: 1, work: 4 });
    expect(rewritesPast('a\n=\nb\n---\n', 4)).toMatchObject({ line: 3, work: 16 });
    // A `---` after a blank line is a thematic break, not an underline.
    expect(rewritesPast('a\n\n---\n', 0)).toBeNull();
  });

  it('refuses 8,000 underlined headings, and lets headings with `#` marks and fenced code be', () => {
    expect(markdownPastLimits('a\n=\n'.repeat(8000))).toMatchObject({ construct: 'rewrites' });
    expect(markdownPastLimits('# a\n\n'.repeat(100_000))).toBeNull();
    expect(markdownPastLimits(`\`\`\`\n${'- a\n'.repeat(100_000)}\`\`\``)).toBeNull();
    expect(maxRewriteWork).toBe(150_000_000);
  });
});

describe('the render budget', () => {
  it('allows 10 s, and 15 s more for each MiB of body', () => {
    expect(renderBudgetMs(0)).toBe(10_000);
    expect(renderBudgetMs(1024 * 1024)).toBe(25_000);
    expect(renderBudgetMs(8 * 1024 * 1024)).toBe(130_000);
  });

  it('stops a render that runs past it, and the next render is as it was', () => {
    const sample = '# Title\n\nSome *emphasis*, a [link](/x) and a table:\n\n| a | b |\n| - | - |\n| 1 | 2 |\n';
    const expected = renderMarkdown(sample);
    const started = performance.now();
    // Past every limit of the pre-pass, yet quadratic in micromark: minutes to parse.
    expect(withinBudget(300, () => renderMarkdown('*a'.repeat(200_000)))).toEqual({
      over: { reason: 'time', budgetMs: 300 },
    });
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(withinBudget(5_000, () => renderMarkdown(sample))).toEqual({ value: expected });
  });

  it('turns a stack overflow into a result, and lets other errors through', () => {
    const recurse = (depth: number): number => recurse(depth + 1) + 1;
    expect(withinBudget(5_000, () => recurse(0))).toEqual({ over: { reason: 'stack' } });
    // A short body renders without the watchdog, and its stack is watched all the same.
    expect(renderWithinBudget(100, () => recurse(0))).toEqual({ over: { reason: 'stack' } });
    expect(() =>
      withinBudget(5_000, () => {
        throw new TypeError('a bug');
      }),
    ).toThrow('a bug');
  });

  it('is never kept in the parse cache: another machine may render the document in time', () => {
    const cache = new ParseCache(tempDir(), path.join(tempDir(), 'content'));
    const document: ParsedDocument = {
      slug: 'slow',
      body: 'x',
      bodyLineOffset: 3,
      problems: [createProblem('ParseBudgetExceeded', { reason: 'time', seconds: 10 }, { file: 'slow.md' })],
    };
    cache.set('ab'.repeat(32), document);
    expect(cache.get('ab'.repeat(32))).toBeUndefined();
    cache.set('cd'.repeat(32), { ...document, problems: [] });
    expect(cache.get('cd'.repeat(32))).toBeDefined();
  });
});
