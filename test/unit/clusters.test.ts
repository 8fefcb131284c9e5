import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadClusters, type LoadedClusters } from '../../src/content/load-articles.js';
import { parseDocument, type ParsedDocument } from '../../src/content/parse-document.js';
import type { Problem } from '../../src/errors/problem.js';
import { schemaRegistry } from '../../src/schemas/registry.js';
import { tempDir } from '../helpers/fixtures.js';

// The cluster-shape checks live in load-articles.ts and look at folders, so this builds a small
// content folder under the system temp folder and parses its articles in this thread.

const front = (kind: string, extra: string[] = []) =>
  [
    '---',
    'title: T',
    'description: D.',
    `kind: ${kind}`,
    'published: 2025-01-01',
    'updated: 2025-01-02',
    ...extra,
    '---',
    '',
    'Body.',
  ].join('\n');

const files: Record<string, string> = {
  'articles/complete/cluster.yaml': 'title: Complete\nstatus: complete\n',
  'articles/complete/intro.md': front('pillar'),
  'articles/complete/step-two.md': front('sub', ['order: 2']),
  'articles/complete/step-one.md': front('sub', ['order: 1']),
  'articles/no-pillar/cluster.yaml': 'title: No pillar\nstatus: active\n',
  'articles/no-pillar/only-sub.md': front('sub', ['order: 1']),
  'articles/kind-unknown/cluster.yaml': 'title: Unknown kind\nstatus: active\n',
  'articles/kind-unknown/maybe-pillar.md': front('main'),
  'articles/two-pillars/cluster.yaml': 'title: Two\nstatus: active\n',
  'articles/two-pillars/a-pillar.md': front('pillar'),
  'articles/two-pillars/b-pillar.md': front('pillar'),
  'articles/orders/cluster.yaml': 'title: Orders\nstatus: active\n',
  'articles/orders/main.md': front('pillar'),
  'articles/orders/first.md': front('sub', ['order: 1']),
  'articles/orders/second.md': front('sub', ['order: 1']),
  'articles/orders/unordered.md': front('sub'),
  'articles/mismatch/cluster.yaml': 'id: other\ntitle: Mismatch\nstatus: active\n',
  'articles/mismatch/main.md': front('pillar'),
  'articles/no-yaml/main.md': front('pillar'),
  'articles/Bad_Folder/main.md': front('pillar'),
  'articles/stray.md': front('pillar'),
};

let dir: string;
let loaded: LoadedClusters;

beforeAll(async () => {
  dir = tempDir('agentdir-unit-clusters-');
  for (const [relative, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    fs.writeFileSync(path.join(dir, relative), text);
  }
  const validate = schemaRegistry().validator('article.frontmatter');
  const parsed = new Map<string, ParsedDocument>();
  for (const relative of Object.keys(files).sort()) {
    if (!/^articles\/[^/]+\/[^/]+\.md$/.test(relative)) continue;
    const file = path.join(dir, relative);
    parsed.set(file, parseDocument({ file, text: files[relative]!, kind: 'article' }, validate));
  }
  loaded = await loadClusters(dir, parsed);
});

const where = (relative: string) => path.join(dir, relative);
const problemsIn = (relative: string) => loaded.problems.filter((problem) => problem.file === where(relative));
const brief = (problems: Problem[]) => problems.map(({ code, line, column, field }) => ({ code, line, column, field }));

describe('cluster shape', () => {
  it('loads a well-formed cluster with its pillar and subs in reading order', () => {
    const complete = loaded.clusters.find((cluster) => cluster.id === 'complete');
    expect(complete?.pillar.slug).toBe('intro');
    expect(complete?.subs.map((sub) => [sub.slug, sub.order])).toEqual([
      ['step-one', 1],
      ['step-two', 2],
    ]);
    expect(loaded.problems.filter((problem) => problem.file.includes('/complete/'))).toEqual([]);
  });

  it('reports a cluster without a pillar on its cluster.yaml and leaves it out of the model', () => {
    expect(brief(problemsIn('articles/no-pillar/cluster.yaml'))).toEqual([
      { code: 'ClusterWithoutPillar', line: 1, column: 1, field: '' },
    ]);
    expect(loaded.clusters.map((cluster) => cluster.id)).not.toContain('no-pillar');
  });

  it('does not claim a missing pillar when an article of unknown kind may be it', () => {
    expect(problemsIn('articles/kind-unknown/cluster.yaml')).toEqual([]);
    expect(problemsIn('articles/kind-unknown/maybe-pillar.md').map((problem) => problem.code)).not.toContain(
      'ClusterWithoutPillar',
    );
  });

  it('reports every pillar after the first at its `kind`', () => {
    expect(problemsIn('articles/two-pillars/a-pillar.md')).toEqual([]);
    expect(brief(problemsIn('articles/two-pillars/b-pillar.md'))).toEqual([
      { code: 'ClusterWithManyPillars', line: 4, column: 7, field: 'kind' },
    ]);
  });

  it('reports a sub without an order and a repeated order', () => {
    expect(brief(problemsIn('articles/orders/unordered.md'))).toEqual([
      { code: 'SubWithoutOrder', line: 1, column: 1, field: 'order' },
    ]);
    const repeated = [...problemsIn('articles/orders/first.md'), ...problemsIn('articles/orders/second.md')];
    expect(brief(repeated)).toEqual([{ code: 'DuplicateSubOrder', line: 7, column: 8, field: 'order' }]);
  });

  it('reports an `id` that differs from the folder, at the id', () => {
    expect(brief(problemsIn('articles/mismatch/cluster.yaml'))).toEqual([
      { code: 'ClusterIdMismatch', line: 1, column: 5, field: 'id' },
    ]);
  });

  it('reports a cluster folder without cluster.yaml, one that is no id, and an article outside any cluster', () => {
    expect(brief(problemsIn('articles/no-yaml/cluster.yaml'))).toEqual([
      { code: 'MissingFile', line: 0, column: 0, field: '' },
    ]);
    expect(brief(problemsIn('articles/Bad_Folder'))).toEqual([
      { code: 'InvalidFileName', line: 0, column: 0, field: '' },
    ]);
    expect(brief(problemsIn('articles/stray.md'))).toEqual([{ code: 'MissingFile', line: 0, column: 0, field: '' }]);
  });

  it('lists the slug of every article in a cluster folder, and checks articles of every folder', () => {
    expect(loaded.slugs).toContain('only-sub');
    expect(loaded.slugs).toContain('main');
    expect(loaded.checked.map((article) => article.slug)).toContain('maybe-pillar');
    expect(loaded.checked.map((article) => article.slug)).toContain('only-sub');
  });
});
