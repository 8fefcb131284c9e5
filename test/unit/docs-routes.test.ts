import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workerRoutePaths } from '../../src/shared/routes.js';
import { repoRoot } from '../helpers/fixtures.js';

const premiumSlug = 'premium-slug-for-docs';

/** A route pattern as the docs spell it: `<premium>` for a premium slug, `<slug>` for any page. */
function documentedSpelling(pattern: string): string {
  return pattern
    .replaceAll(premiumSlug, '<premium>')
    .replace(/^\/api\/x402\/\*$/, '/api/x402/<premium>')
    .replace(/\/\*$/, '/<slug>')
    .replace(/(.)\/$/, '$1');
}

const routes = [
  ...new Set(workerRoutePaths([premiumSlug], { negotiation: true }).map((pattern) => documentedSpelling(pattern))),
];

describe.each(['README.md', 'docs/architecture.md'])('%s', (file) => {
  const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');

  it.each(routes)('names the worker route %s', (route) => {
    expect(text).toMatch(new RegExp(`\`(?:[A-Z]+ )?${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\``));
  });
});

it('knows every route the worker answers', () => {
  expect([...routes].sort()).toEqual(
    [
      '/',
      '/resources/<slug>',
      '/articles/<slug>',
      '/guides/<slug>',
      '/paths/<slug>',
      '/resources/<premium>',
      '/resources/<premium>.md',
      '/api/resources/<premium>.json',
      '/api/corpus.full.jsonl',
      '/mcp',
      '/mcp/server-card',
      '/api/x402/<premium>',
      '/api/grader',
    ].sort(),
  );
});
