import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/load-content.js';
import { deferredUnread } from '../../src/markdown/lazy-rendering.js';
import { copyFixture, tempDir } from '../helpers/fixtures.js';

// A build with the cache keeps the findings of the content checks for documents checked against the
// same site and link targets (src/content/cross-check-memo.ts): whatever is edited, it must report
// exactly what a load without the cache reports.

function edit(dir: string, file: string, from: string | RegExp, to: string): void {
  const target = path.join(dir, file);
  const text = fs.readFileSync(target, 'utf8');
  expect(text).toMatch(from);
  fs.writeFileSync(target, text.replace(from, to));
}

const threads = { threads: false } as const;

async function problemsBothWays(dir: string, cacheDir: string) {
  const cached = await loadContent(dir, { cacheDir, ...threads });
  const uncached = await loadContent(dir, { cacheDir: null, ...threads });
  expect(cached.problems).toEqual(uncached.problems);
  return cached;
}

const codes = (problems: { code: string; file: string }[]) =>
  problems.map((problem) => `${problem.code} ${path.basename(problem.file)}`);

describe('the content checks with the cache', () => {
  it('report what a load without the cache reports, through edits of bodies, anchors, files and settings', async () => {
    const dir = copyFixture('minimal');
    const cacheDir = tempDir('agentdir-checks-');
    // A warning in one document, so kept findings are seen to be reported again.
    edit(dir, 'resources/json-api.md', /tags: \[([^\]]*)\]/, 'tags: [$1, unlisted]');
    const first = await problemsBothWays(dir, cacheDir);
    expect(codes(first.problems)).toContain('UnknownTag json-api.md');

    // A body edit that keeps every anchor: the documents linking to it are not checked again, and
    // their links and anchors stay packed in the cache.
    edit(dir, 'resources/wire-formats.md', 'Use `additionalProperties', 'One more line.\n\nUse `additionalProperties');
    const second = await problemsBothWays(dir, cacheDir);
    expect(codes(second.problems)).toEqual(codes(first.problems));
    const gettingStarted = second.model!.resources.find((resource) => resource.slug === 'getting-started')!;
    expect(deferredUnread(gettingStarted.rendered)).toBe(true);

    // The heading a link points at is renamed: the link's document is checked again.
    edit(dir, 'resources/wire-formats.md', '## Field notes', '## Field guide');
    const renamed = await problemsBothWays(dir, cacheDir);
    expect(codes(renamed.problems)).toContain('BrokenInternalLink getting-started.md');

    // The heading comes back, then the linked file goes.
    edit(dir, 'resources/wire-formats.md', '## Field guide', '## Field notes');
    expect(codes((await problemsBothWays(dir, cacheDir)).problems)).toEqual(codes(first.problems));
    fs.rmSync(path.join(dir, 'resources', 'wire-formats.md'));
    const removed = await problemsBothWays(dir, cacheDir);
    expect(removed.problems.filter((problem) => problem.code === 'BrokenInternalLink').length).toBeGreaterThan(0);

    // A setting the checks read: the tag joins the site's list.
    edit(dir, 'site.yaml', /^tags: \[(.*)\]$/m, 'tags: [$1, unlisted]');
    expect(codes((await problemsBothWays(dir, cacheDir)).problems)).not.toContain('UnknownTag json-api.md');
  });

  it('check every document again when the table is torn', async () => {
    const dir = copyFixture('minimal');
    const cacheDir = tempDir('agentdir-checks-');
    edit(dir, 'resources/json-api.md', /tags: \[([^\]]*)\]/, 'tags: [$1, unlisted]');
    const first = await problemsBothWays(dir, cacheDir);
    for (const table of fs.readdirSync(cacheDir, { recursive: true, encoding: 'utf8' }))
      if (table.endsWith('cross-checks.json')) fs.writeFileSync(path.join(cacheDir, table), '{"version":1,"cont');
    const again = await problemsBothWays(dir, cacheDir);
    expect(again.problems).toEqual(first.problems);
    const gettingStarted = again.model!.resources.find((resource) => resource.slug === 'getting-started')!;
    expect(deferredUnread(gettingStarted.rendered)).toBe(false);
  });
});
