import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/load-content.js';
import type { ContentModel } from '../../src/content/model.js';
import { fixturesDir, repoRoot } from '../helpers/fixtures.js';

/** The 96 resource slugs the directory publishes, in the order the interface lists them. */
const directorySlugs = fs
  .readFileSync(path.join(fixturesDir, 'directory-slugs.txt'), 'utf8')
  .split('\n')
  .filter(Boolean);

let model: ContentModel;
beforeAll(async () => {
  // Parsed in this thread: the parse threads' script is compiled into lib/, which unit tests do without.
  const result = await loadContent(path.join(repoRoot, 'content'), { threads: false });
  model = result.model!;
});

describe('the directory this project publishes', () => {
  it('has exactly its 96 resource slugs', () => {
    expect(directorySlugs).toHaveLength(96);
    expect(model.resources.map((resource) => resource.slug).sort()).toEqual([...directorySlugs].sort());
  });

  it('makes exactly data-formats, json-api and autonomous-operations premium, each with a teaser', () => {
    const premium = model.resources.filter((resource) => resource.premium);
    expect(premium.map((resource) => resource.slug).sort()).toEqual([
      'autonomous-operations',
      'data-formats',
      'json-api',
    ]);
    for (const resource of premium) expect(resource.premium_summary!.length).toBeGreaterThan(40);
  });

  it('gives every resource a body of at least 400 words and three H2 sections', () => {
    for (const resource of model.resources) {
      expect(resource.rendered.words, resource.slug).toBeGreaterThanOrEqual(400);
      expect(
        resource.rendered.sections.filter((section) => !/^verified sources$/i.test(section)).length,
        resource.slug,
      ).toBeGreaterThanOrEqual(3);
    }
  });

  it('files resources under 8 to 12 categories and tags them with 3 to 6 tags', () => {
    const categories = new Set(model.resources.map((resource) => resource.category));
    expect(categories.size).toBeGreaterThanOrEqual(8);
    expect(categories.size).toBeLessThanOrEqual(12);
    for (const resource of model.resources) {
      expect(resource.tags.length, resource.slug).toBeGreaterThanOrEqual(3);
      expect(resource.tags.length, resource.slug).toBeLessThanOrEqual(6);
    }
  });

  it('states prices, premium slugs, both key headers and x402 on access-and-pricing', () => {
    const body = model.resources.find((resource) => resource.slug === 'access-and-pricing')!.body;
    for (const text of [
      'data-formats',
      'json-api',
      'autonomous-operations',
      '5 EUR',
      '25 EUR',
      '150 EUR',
      '0.05',
      'Authorization: Bearer',
      'x-api-key',
      'X-PAYMENT',
      '/api/x402/',
    ])
      expect(body).toContain(text);
  });

  it('has at least four guide clusters of a pillar and three subs, and four learning paths', () => {
    expect(model.clusters.length).toBeGreaterThanOrEqual(4);
    for (const cluster of model.clusters) {
      expect(cluster.subs.length, cluster.id).toBeGreaterThanOrEqual(3);
      for (const article of [cluster.pillar, ...cluster.subs]) {
        expect(article.takeaways.length, article.slug).toBeGreaterThan(0);
        expect(article.faq.length, article.slug).toBeGreaterThan(0);
        expect(article.resources.length, article.slug).toBeGreaterThan(0);
      }
    }
    expect(
      model.clusters.some((cluster) => /\/ask/.test(cluster.pillar.body) && /\/mcp/.test(cluster.pillar.body)),
    ).toBe(true);
    expect(model.paths.length).toBeGreaterThanOrEqual(4);
  });

  it('keeps the two brand-named slugs neutral', () => {
    for (const slug of ['vendor-explained', 'vendor-agent-sdk']) {
      const resource = model.resources.find((candidate) => candidate.slug === slug)!;
      expect(`${resource.title} ${resource.description} ${resource.body}`).not.toMatch(
        /\b(OpenAI|Anthropic|Claude|Gemini|Google|Microsoft|Meta|Mistral|Cohere|xAI|Grok|DeepSeek)\b/,
      );
    }
  });
});
