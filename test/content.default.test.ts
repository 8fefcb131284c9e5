import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../src/content/load-content.js';
import { repoRoot } from './helpers/fixtures.js';

/** The day of the last freshness pass over the default directory. */
const lastReview = '2026-11-23';

describe('the default content directory', () => {
  it('validates with no errors and no warnings, as of its last review', async () => {
    // Its site.yaml asks for a review a year after each document's `updated`: counted from the day of
    // the last freshness pass, so the suite does not fail by the calendar (validate reminds editors).
    const { model, problems } = await loadContent(path.join(repoRoot, 'content'), { reviewDate: lastReview });
    expect(problems.map((problem) => `${problem.file}:${problem.line} ${problem.code} ${problem.message}`)).toEqual([]);
    expect(model).toBeDefined();
    expect(model!.site.review_after).toBe('1y');
  });

  it('builds and grades 100 for agent readiness, graded from its own output', async () => {
    const { buildFixture } = await import('./helpers/build-fixture.js');
    const result = await buildFixture(path.join(repoRoot, 'content'));
    expect(result.grade!.checks.filter((check) => !check.passed)).toEqual([]);
    expect(result.grade!.score).toBe(100);
  });

  it('publishes the premium slugs of the interface and keeps the two always-free ones free', async () => {
    const { model } = await loadContent(path.join(repoRoot, 'content'));
    const premium = model!.resources.filter((resource) => resource.premium).map((resource) => resource.slug);
    expect(premium.sort()).toEqual(['autonomous-operations', 'data-formats', 'json-api']);
    for (const slug of ['getting-started', 'access-and-pricing']) {
      expect(model!.resources.find((resource) => resource.slug === slug)?.premium).toBe(false);
    }
  });
});
