import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/load-content.js';
import { copyFixture } from '../helpers/fixtures.js';

type Edit = [file: string, from: string | RegExp, to: string];

/** A fresh copy of the minimal fixture with some text replacements applied. */
async function problemsAfter(edits: Edit[]) {
  const dir = copyFixture('minimal');
  for (const [file, from, to] of edits) {
    const target = path.join(dir, file);
    const text = fs.readFileSync(target, 'utf8');
    expect(text).toMatch(from);
    fs.writeFileSync(target, text.replace(from, to));
  }
  return loadContent(dir);
}

const cases: [code: string, edits: Edit[]][] = [
  ['UnknownTag', [['resources/wire-formats.md', 'tags: [formats, mcp]', 'tags: [formats, unlisted]']]],
  ['PremiumFieldsOnFree', [['resources/wire-formats.md', 'updated: 2026-05-05', 'updated: 2026-05-05\nprice: 3']]],
  ['DateOrder', [['articles/basics/next-steps.md', 'updated: 2026-02-07', 'updated: 2026-01-07']]],
  ['PremiumNotAnnounced', [['resources/access-and-pricing.md', '`data-formats` and `json-api`', '`json-api`']]],
  ['EmptyVerifiedSources', [['resources/wire-formats.md', /(## Verified sources\n)[\s\S]*$/, '$1\nNone yet.\n']]],
  [
    'EmptyBody',
    [
      ['resources/wire-formats.md', /(\n---\n)[\s\S]*$/, '$1'],
      ['resources/getting-started.md', '#field-notes', ''],
    ],
  ],
];

describe('validate: warnings point at a fix but do not fail', () => {
  it.each(cases)('%s', async (code, edits) => {
    const { problems, model } = await problemsAfter(edits);
    expect(problems.map((problem) => [problem.code, problem.severity])).toEqual([[code, 'warning']]);
    expect(problems[0]!.hint.length).toBeGreaterThan(10);
    expect(model).toBeDefined();
  });
});
