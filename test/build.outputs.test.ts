import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { schemaRegistry, type SchemaName } from '../src/schemas/registry.js';
import { buildFixture } from './helpers/build-fixture.js';
import { fixturesDir, readJson, readNdjson, readTree } from './helpers/fixtures.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const base = 'https://fixture.example';
let dist = '';
let pub = '';

beforeAll(async () => {
  const result = await buildFixture(path.join(fixturesDir, 'minimal'));
  dist = result.outDir;
  pub = path.join(dist, 'public');
});

const json = (file: string) => readJson(path.join(pub, file));
const text = (file: string) => fs.readFileSync(path.join(pub, file), 'utf8');

/** Every public file the build must write for the minimal fixture, with the schema of each JSON output. */
const expectedFiles: Record<
  string,
  SchemaName | 'ndjson:article' | 'ndjson:corpus-record' | 'ndjson:finetune-record' | 'ndjson:evals-record' | null
> = {
  'index.html': null,
  'index.md': null,
  '404.html': null,
  _headers: null,
  'llms.txt': null,
  'llms-full.txt': null,
  'robots.txt': null,
  'sitemap-index.xml': null,
  'sitemap-0.xml': null,
  'license.xml': null,
  'openapi.json': null,
  'openapi.yaml': null,
  '.well-known/api-catalog': null,
  '.well-known/mcp/server-card.json': 'server-card',
  '.well-known/mcp/catalog.json': 'ard-manifest',
  '.well-known/ai-catalog.json': 'ard-manifest',
  '.well-known/ard.json': 'ard-manifest',
  '.well-known/agent-card.json': 'agent-card',
  '.well-known/mcp/server.json': null,
  '.well-known/llms.txt': null,
  '.well-known/llms-full.txt': null,
  '.well-known/agent-skills/index.json': 'agent-skills-index',
  '.well-known/agent-skills/fixture-directory/SKILL.md': null,
  '.well-known/skills/index.json': 'legacy-skills-index',
  '.well-known/skills/fixture-directory/SKILL.md': null,
  'resources/getting-started/index.html': null,
  'resources/getting-started.md': null,
  'api/resources/getting-started.json': 'resource',
  'resources/access-and-pricing/index.html': null,
  'resources/access-and-pricing.md': null,
  'api/resources/access-and-pricing.json': 'resource',
  'resources/wire-formats/index.html': null,
  'resources/wire-formats.md': null,
  'api/resources/wire-formats.json': 'resource',
  'api/resources.json': 'resource-index',
  'api/articles.json': 'article-index',
  'api/articles.jsonl': 'ndjson:article',
  'api/articles/basics-guide.json': 'article',
  'api/articles/first-steps.json': 'article',
  'api/articles/next-steps.json': 'article',
  'articles/basics-guide.md': null,
  'articles/basics-guide/index.html': null,
  'articles/first-steps.md': null,
  'articles/first-steps/index.html': null,
  'articles/next-steps.md': null,
  'articles/next-steps/index.html': null,
  'api/search-index.json': 'search-index',
  'api/categories.json': 'categories',
  'api/tags.json': 'tags',
  'api/paths.json': 'paths-index',
  'api/corpus.json': 'corpus',
  'api/corpus.jsonl': 'ndjson:corpus-record',
  'api/corpus.schema.json': null,
  'api/finetune-sample.jsonl': 'ndjson:finetune-record',
  'api/evals-sample.jsonl': 'ndjson:evals-record',
  'api/pricing.json': 'pricing',
  'api/payment.json': 'payment',
  // Issue #7: the pages people browse, and the stylesheet and search script they load.
  'assets/site.<hash>.css': null,
  'assets/search.<hash>.js': null,
  // Issue #16: the "Copy page as Markdown" script of resource and guide pages.
  'assets/copy-page.<hash>.js': null,
  'search/index.html': null,
  'guides/basics/index.html': null,
  'guides/basics.md': null,
  'resources/data-formats/preview/index.html': null,
  'resources/data-formats/preview.md': null,
  'resources/json-api/preview/index.html': null,
  'resources/json-api/preview.md': null,
  'paths/first-path/index.html': null,
  'paths/first-path.md': null,
  'categories/start-here/index.html': null,
  'categories/protocols/index.html': null,
  'categories/data/index.html': null,
  'tags/access/index.html': null,
  'tags/api/index.html': null,
  'tags/basics/index.html': null,
  'tags/discovery/index.html': null,
  'tags/formats/index.html': null,
  'tags/mcp/index.html': null,
  'tags/payments/index.html': null,
};

/** Asset names carry a digest of their content; the list above names them by their stable part. */
const withoutDigest = (file: string) =>
  file.replace(/^assets\/([a-z-]+)\.[0-9a-f]{8}\.([a-z]+)$/, 'assets/$1.<hash>.$2');

describe('build: every static output exists and matches its schema', () => {
  it('writes exactly the expected public files', () => {
    const files = [...readTree(pub).keys()].map(withoutDigest);
    const search = (file: string) => file.startsWith('api/search/') || file.startsWith('search/people/');
    expect(files.filter((file) => !search(file)).sort()).toEqual(Object.keys(expectedFiles).sort());
    // The full-text index: its meta file, then as many term shards and document chunks as it says.
    const meta = json('api/search/meta.json') as { shards: number; documents: number; chunkSize: number };
    const chunks = Math.ceil(meta.documents / meta.chunkSize);
    // This site reads alike for people and agents: the people's meta file points at agents' files.
    expect(json('search/people/meta.json')).toEqual({ ...meta, files: '/api/search/' });
    expect(files.filter(search).sort()).toEqual(
      [
        'api/search/meta.json',
        'search/people/meta.json',
        ...Array.from({ length: meta.shards }, (_, n) => `api/search/terms/${n}.json`),
        ...Array.from({ length: chunks }, (_, n) => `api/search/docs/${n}.json`),
      ].sort(),
    );
  });

  it.each(Object.entries(expectedFiles).filter(([, schema]) => schema !== null))(
    '%s validates against %s',
    async (file, schema) => {
      const registry = schemaRegistry();
      if (schema!.startsWith('ndjson:')) {
        const validate = registry.validator(schema!.slice(7) as SchemaName);
        const records = await readNdjson(path.join(pub, file));
        expect(records.length).toBeGreaterThan(0);
        for (const record of records) expect(validate(record), JSON.stringify(validate.errors)).toBe(true);
      } else {
        const validate = registry.validator(schema as SchemaName);
        expect(validate(json(file)), JSON.stringify(validate.errors)).toBe(true);
      }
    },
  );

  it('writes no premium variant publicly, and the premium data for the worker', () => {
    for (const slug of ['data-formats', 'json-api']) {
      expect(fs.existsSync(path.join(pub, `resources/${slug}.md`))).toBe(false);
      expect(fs.existsSync(path.join(pub, `resources/${slug}/index.html`))).toBe(false);
      expect(fs.existsSync(path.join(pub, `api/resources/${slug}.json`))).toBe(false);
    }
    const data = readJson<{
      premium: Record<
        string,
        { json: string; markdown: string; html: string; corpusRecord: string; preview: { sections: string[] } }
      >;
      fullCorpusMeta: string;
    }>(path.join(dist, 'worker/data/worker-data.json'));
    expect(Object.keys(data.premium)).toEqual(['data-formats', 'json-api']);
    const entry = data.premium['data-formats']!;
    expect(JSON.parse(entry.json).body).toContain('The secret premium sentence');
    expect(entry.markdown).toMatch(
      /^# Data formats\n\n> The JSON, NDJSON and Markdown formats the directory publishes\.\n\nEvery page of Fixture Directory is listed for agents at https:\/\/fixture\.example\/llms\.txt\. Did a page help\? POST JSON .* to https:\/\/fixture\.example\/api\/feedback\.\n\n## NDJSON exports/,
    );
    expect(entry.html).toContain('<h2 id="ndjson-exports">NDJSON exports</h2>');
    expect(entry.preview.sections).toEqual(['NDJSON exports', 'Schema versions', 'Verified sources']);
    expect(JSON.parse(entry.corpusRecord)).toMatchObject({ type: 'resource', slug: 'data-formats', premium: true });
    expect(JSON.parse(entry.corpusRecord).text).toContain('The secret premium sentence');
    expect(JSON.parse(data.fullCorpusMeta)).toMatchObject({ type: 'meta', export: 'full', count: 5 });
    expect(fs.readFileSync(path.join(dist, 'worker/worker.js'), 'utf8')).toMatch(/export\s*\{/);
  });
});

describe('the resource index', () => {
  it('lists every resource with absolute variant URLs; premium entries carry price, currency and checkout_url', () => {
    const index = json('api/resources.json') as { site: string; url: string; resources: Record<string, unknown>[] };
    expect(index.site).toBe('Fixture Directory');
    expect(index.url).toBe(`${base}/`);
    expect(index.resources.map((entry) => entry.slug)).toEqual([
      'access-and-pricing',
      'data-formats',
      'getting-started',
      'json-api',
      'wire-formats',
    ]);
    const premium = index.resources.find((entry) => entry.slug === 'data-formats')!;
    expect(premium).toMatchObject({
      premium: true,
      price: 5,
      currency: 'EUR',
      checkout_url: 'https://fixture.example/buy',
      html: `${base}/resources/data-formats`,
      markdown: `${base}/resources/data-formats.md`,
      json: `${base}/api/resources/data-formats.json`,
    });
    const free = index.resources.find((entry) => entry.slug === 'wire-formats')!;
    expect(free.premium).toBe(false);
    expect(free).not.toHaveProperty('price');
    expect(free).not.toHaveProperty('checkout_url');
  });
});

describe('a single resource', () => {
  it('carries the body, canonical and Markdown URLs, and sources from Verified sources (deduplicated, autolinks included)', () => {
    const resource = json('api/resources/wire-formats.json');
    expect(resource).toMatchObject({
      slug: 'wire-formats',
      premium: false,
      canonical: `${base}/resources/wire-formats`,
      markdown: `${base}/resources/wire-formats.md`,
      updated: '2026-05-05',
    });
    expect(resource.body).toMatch(/^JSON is the lingua franca/);
    expect(resource.sources).toEqual([
      'https://www.rfc-editor.org/rfc/rfc8259',
      'https://json-schema.org/draft/2020-12',
    ]);
  });

  it('gives `sources: []` when the body has no Verified sources section', () => {
    expect(json('api/resources/getting-started.json').sources).toEqual([]);
  });

  it('estimates tokens as characters / 4 rounded up', () => {
    const resource = json('api/resources/getting-started.json') as { body: string; estimated_tokens: number };
    expect(resource.estimated_tokens).toBe(Math.ceil(resource.body.length / 4));
  });

  it('writes the Markdown variant as H1, blockquote description, the llms.txt pointer, then the body', () => {
    const markdown = text('resources/wire-formats.md');
    expect(
      markdown.startsWith(
        '# Wire formats\n\n> Notes on JSON Schema and RFC 8259 for agent builders.\n\n' +
          'Every page of Fixture Directory is listed for agents at https://fixture.example/llms.txt. ' +
          'Did a page help? POST JSON {"page": "its URL", "rating": "helpful" or "not-helpful", "comment": "optional"} to https://fixture.example/api/feedback.\n\n' +
          'JSON is the lingua franca',
      ),
    ).toBe(true);
    expect(markdown).not.toContain('title:');
  });

  it('makes the site links of Markdown variants absolute, leaving code and other sites alone', () => {
    const markdown = text('resources/getting-started.md');
    expect(markdown).toContain('[access terms](https://fixture.example/resources/access-and-pricing)');
    // json-api is premium: a free document's link to it goes to its public preview.
    expect(markdown).toContain('[the API notes](https://fixture.example/resources/json-api/preview.md)');
    expect(markdown).toContain('[wire formats section](https://fixture.example/resources/wire-formats#field-notes)');
    expect(markdown).not.toMatch(/\]\(\/(?!\/)/);
    expect(text('articles/basics-guide.md')).not.toMatch(/\]\(\/(?!\/)/);
  });
});

describe('articles and their index', () => {
  it('indexes clusters with the pillar and subs in reading order, and no bodies', () => {
    const index = json('api/articles.json') as {
      count: number;
      clusters: {
        id: string;
        pillar: { slug: string };
        subs: { slug: string }[];
        status: string;
        published_subs: number;
        target_subs: number;
      }[];
      articles: Record<string, unknown>[];
      newest_update: string;
      newest_publish: string;
      clusters_complete: number;
      words: number;
      estimated_tokens: number;
    };
    expect(index.count).toBe(3);
    expect(index.clusters).toHaveLength(1);
    expect(index.clusters[0]!.pillar.slug).toBe('basics-guide');
    expect(index.clusters[0]!.subs.map((sub) => sub.slug)).toEqual(['first-steps', 'next-steps']);
    expect(index.clusters[0]).toMatchObject({ status: 'active', published_subs: 2, target_subs: 3 });
    expect(index).toMatchObject({ newest_update: '2026-02-10', newest_publish: '2026-02-06', clusters_complete: 0 });
    expect(index.words).toBeGreaterThan(0);
    for (const article of index.articles) expect(article).not.toHaveProperty('body');
  });

  it('gives each article its cluster position, navigation, rights, citation and BibTeX', () => {
    const article = json('api/articles/first-steps.json') as Record<string, any>;
    expect(article).toMatchObject({
      slug: 'first-steps',
      kind: 'sub',
      premium: false,
      cluster: { id: 'basics', position: 2, total: 3 },
      canonical: `${base}/articles/first-steps`,
    });
    expect(article.navigation.previous.slug).toBe('basics-guide');
    expect(article.navigation.next.slug).toBe('next-steps');
    expect(article.rights).toMatchObject({
      access: 'free',
      license: `${base}/license.xml`,
      pricing: `${base}/api/pricing.json`,
      payment: `${base}/api/payment.json`,
    });
    expect(article.citation).toContain(`${base}/articles/first-steps`);
    expect(article.bibtex).toMatch(/^@online\{fixturedirectory-first-steps,/);
    const pillar = json('api/articles/basics-guide.json') as Record<string, any>;
    expect(pillar.navigation.previous).toBeNull();
    expect(pillar.resources.map((resource: { slug: string }) => resource.slug)).toEqual([
      'getting-started',
      'json-api',
    ]);
    expect(pillar.faq).toEqual([{ question: 'Is this free?', answer: 'Guides are always free.' }]);
  });

  it('writes the article Markdown with provenance, takeaways, body, FAQ and cluster links', () => {
    const markdown = text('articles/basics-guide.md');
    expect(markdown).toContain(`- Canonical: ${base}/articles/basics-guide`);
    expect(markdown).toContain('part 1 of 3, pillar');
    expect(markdown).toContain('## Key takeaways\n\n- Every page has a Markdown twin.');
    expect(markdown).toContain('## FAQ\n\n### Is this free?\n\nGuides are always free.');
    expect(markdown).toContain(`2. [First steps](${base}/articles/first-steps.md)`);
  });

  it('writes one articles.jsonl line per article, each with its full body', async () => {
    const lines = await readNdjson(path.join(pub, 'api/articles.jsonl'));
    expect(lines.map((line) => line.slug)).toEqual(['basics-guide', 'first-steps', 'next-steps']);
    expect(lines[0]!.body).toContain('## Why it matters');
  });
});

describe('the search index and taxonomies', () => {
  it('has one row per resource and per article', () => {
    const index = json('api/search-index.json') as {
      count: number;
      rows: { type: string; slug: string; premium: boolean }[];
    };
    expect(index.count).toBe(8);
    expect(index.rows.filter((row) => row.type === 'resource')).toHaveLength(5);
    expect(index.rows.filter((row) => row.type === 'article')).toHaveLength(3);
    expect(index.rows.find((row) => row.slug === 'json-api')!.premium).toBe(true);
  });

  it('maps categories and tags to resource slugs, and expands learning-path steps', () => {
    expect((json('api/categories.json') as any).map).toEqual({
      'start-here': ['access-and-pricing', 'getting-started'],
      protocols: ['json-api', 'wire-formats'],
      data: ['data-formats'],
    });
    expect((json('api/tags.json') as any).map.formats).toEqual(['data-formats', 'wire-formats']);
    const paths = json('api/paths.json') as any;
    expect(paths.paths[0].steps.map((step: { slug: string }) => step.slug)).toEqual([
      'getting-started',
      'wire-formats',
      'data-formats',
      'access-and-pricing',
    ]);
    expect(paths.paths[0].steps[2]).toMatchObject({
      position: 3,
      premium: true,
      markdown: `${base}/resources/data-formats.md`,
      json: `${base}/api/resources/data-formats.json`,
    });
  });
});

describe('corpus exports and samples', () => {
  it('starts corpus.jsonl with a meta record; premium text is null with a premium_summary', async () => {
    const [meta, ...records] = await readNdjson(path.join(pub, 'api/corpus.jsonl'));
    expect(meta).toMatchObject({ type: 'meta', export: 'sample', count: 5, premium_count: 2, generated: '2026-06-01' });
    const premium = records.find((record) => record.slug === 'data-formats')!;
    expect(premium.text).toBeNull();
    expect(premium.premium_summary).toBe('A field-by-field tour of every export format, with parsing advice.');
    const free = records.find((record) => record.slug === 'wire-formats')!;
    expect(free.text).toBe((json('api/resources/wire-formats.json') as { body: string }).body);
    expect(free).not.toHaveProperty('premium_summary');
    expect((json('api/corpus.json') as { resources: unknown[] }).resources).toEqual(records);
  });

  it('publishes a standalone draft 2020-12 corpus schema that accepts every line of the export', async () => {
    const schema = json('api/corpus.schema.json');
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    for (const record of await readNdjson(path.join(pub, 'api/corpus.jsonl')))
      expect(validate(record), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ type: 'resource', slug: 'x' })).toBe(false);
  });

  it('excludes premium resources from the fine-tune and eval samples; eval answers are verbatim fields', async () => {
    const finetune = fs.readFileSync(path.join(pub, 'api/finetune-sample.jsonl'), 'utf8');
    expect(finetune).not.toContain('Data formats');
    expect(await readNdjson(path.join(pub, 'api/finetune-sample.jsonl'))).toHaveLength(3);
    const evals = await readNdjson(path.join(pub, 'api/evals-sample.jsonl'));
    expect(evals.every((record) => !['data-formats', 'json-api'].includes(record.slug as string))).toBe(true);
    const description = evals.find((record) => record.id === 'wire-formats:description')!;
    expect(description.expected_answer).toBe('Notes on JSON Schema and RFC 8259 for agent builders.');
  });
});

describe('pricing and payment', () => {
  it('lists four paid tiers: 0.05 USD per fetch, 5, 25 and 150 EUR', () => {
    const pricing = json('api/pricing.json') as {
      tiers: { id: string; price: number; currency: string; checkout_url: string }[];
    };
    expect(pricing.tiers.map((tier) => [tier.id, tier.price, tier.currency])).toEqual([
      ['per-fetch', 0.05, 'USD'],
      ['starter', 5, 'EUR'],
      ['corpus', 25, 'EUR'],
      ['redistribution', 150, 'EUR'],
    ]);
    expect(pricing.tiers[2]!.checkout_url).toBe('https://fixture.example/buy?tier=corpus');
  });

  it('describes both ways to pay in the payment manifest', () => {
    const payment = json('api/payment.json') as any;
    expect(payment.premium).toEqual(['data-formats', 'json-api']);
    expect(payment.access.headers).toEqual(['Authorization: Bearer <API_KEY>', 'x-api-key: <API_KEY>']);
    expect(payment.methods.map((method: { type: string }) => method.type)).toEqual(['checkout', 'x402']);
    expect(payment.methods[1].resources).toEqual([`${base}/api/x402/data-formats`, `${base}/api/x402/json-api`]);
    // Both x402 versions, each with the network in its own spelling and its own headers.
    expect(
      payment.methods[1].x402Versions.map((version: Record<string, unknown>) => [
        version.x402Version,
        version.network,
        version.payment_header,
        version.receipt_header,
      ]),
    ).toEqual([
      [1, payment.methods[1].network, 'X-PAYMENT', 'X-PAYMENT-RESPONSE'],
      [
        2,
        payment.methods[1].network === 'base' ? 'eip155:8453' : 'eip155:84532',
        'PAYMENT-SIGNATURE',
        'PAYMENT-RESPONSE',
      ],
    ]);
    expect(payment.methods[1].mcp).toEqual({
      x402Version: 2,
      endpoint: `${base}/mcp`,
      tool: 'get_resource',
      payment_meta: 'x402/payment',
      receipt_meta: 'x402/payment-response',
    });
  });
});

describe('discovery and license files', () => {
  it('tells agents in llms.txt where and how to send feedback on a page', () => {
    expect(text('llms.txt')).toContain(
      `Did a page help? POST JSON {"page": "its URL", "rating": "helpful" or "not-helpful", "comment": "optional"} to ${base}/api/feedback.`,
    );
  });

  it('writes llms.txt in the llmstxt.org shape with absolute .md links, premium marked, and an Optional section', () => {
    const llms = text('llms.txt');
    const lines = llms.split('\n');
    expect(lines[0]).toBe('# Fixture Directory');
    expect(lines[2]).toBe('> A small directory that exercises every output of the compiler.');
    expect(llms).toMatch(/^## Protocols$/m);
    expect(llms).toContain(`- [Wire formats](${base}/resources/wire-formats.md): Notes on JSON Schema`);
    expect(llms).toContain(`- [Data formats (premium: key required)](${base}/resources/data-formats/preview.md)`);
    expect(llms).toContain(`- [First steps](${base}/articles/first-steps.md)`);
    // Each document's line ends with when it was last updated, so an agent can prefer fresh material.
    expect(llms).toMatch(/^- \[Wire formats\]\(.*\(updated 2026-05-05\)$/m);
    expect(llms).toMatch(/^- \[Data formats \(premium: key required\)\]\(.*\(updated \d{4}-\d{2}-\d{2}\)$/m);
    expect(llms).toMatch(/^- \[First steps\]\(.*\(updated \d{4}-\d{2}-\d{2}\)$/m);
    const headings = lines.filter((line) => line.startsWith('## '));
    expect(headings.at(-1)).toBe('## Optional');
    for (const line of lines.filter((line) => line.startsWith('- ')))
      expect(line).toMatch(/^- \[[^\]]+\]\(https:\/\/[^)]+\)(: .+)?$/);
  });

  it('writes llms-full.txt with every free body and only the summary of premium ones', () => {
    const full = text('llms-full.txt');
    expect(full).toContain('JSON is the lingua franca');
    expect(full).toContain('A field-by-field tour of every export format');
    expect(full).not.toContain('secret premium sentence');
  });

  it('writes robots.txt with Content-Signal and absolute Sitemap and License lines', () => {
    const robots = text('robots.txt');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Allow: \/$/m);
    expect(robots).toMatch(/^Content-Signal: search=yes, ai-input=yes, ai-train=no$/m);
    expect(robots).toContain(`Sitemap: ${base}/sitemap-index.xml`);
    expect(robots).toContain(`License: ${base}/license.xml`);
  });

  it('writes a sitemap of the pages llms.txt lists: free pages, guides, clusters, paths; no premium or tag pages', () => {
    expect(text('sitemap-index.xml')).toContain(`<loc>${base}/sitemap-0.xml</loc>`);
    const sitemap = text('sitemap-0.xml');
    expect(sitemap).toContain(`<loc>${base}/resources/wire-formats</loc><lastmod>2026-05-05</lastmod>`);
    expect(sitemap).toContain(`<loc>${base}/articles/next-steps</loc>`);
    expect(sitemap).not.toContain(`${base}/resources/data-formats<`);
    expect(sitemap).toContain(`<loc>${base}/resources/data-formats/preview</loc>`);
    expect(sitemap).toContain(`<loc>${base}/guides/basics</loc>`);
    expect(sitemap).toContain(`<loc>${base}/paths/first-path</loc>`);
    expect(sitemap).not.toContain('/categories/');
    expect(sitemap).not.toContain('/tags/');
    // Home, 3 free resources, 2 premium previews, 3 guides, 1 cluster, 1 path.
    expect(sitemap.match(/<url>/g)).toHaveLength(1 + 3 + 2 + 3 + 1 + 1);
    const llms = text('llms.txt');
    for (const [, page] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const listed = page === `${base}/` ? `(${page})` : `(${page}.md)`;
      expect(llms, page).toContain(listed);
    }
  });

  it('writes an RSL 1.0 license with usage tokens and purchase terms for premium paths', () => {
    const license = text('license.xml');
    expect(license).toContain('<rsl xmlns="https://rslstandard.org/rsl">');
    expect(license).toContain('<content url="/resources/data-formats">');
    expect(license).toContain('<permits type="usage">search ai-input ai-index</permits>');
    expect(license).toContain('<prohibits type="usage">ai-train</prohibits>');
    expect(license).toContain('<amount currency="EUR">25</amount>');
    for (const tokens of license.matchAll(/<(?:permits|prohibits) type="usage">([^<]*)</g)) {
      for (const token of tokens[1]!.split(' '))
        expect(['all', 'ai-all', 'ai-train', 'ai-input', 'ai-index', 'search']).toContain(token);
    }
  });

  it('writes the MCP server card and the _headers media types', () => {
    const card = json('.well-known/mcp/server-card.json') as any;
    expect(card.name).toBe('example.fixture/directory');
    expect(card.remotes[0]).toMatchObject({ type: 'streamable-http', url: `${base}/mcp` });
    expect(card._meta['dev.agentdir/directory'].tools).toHaveLength(14);
    const headers = text('_headers');
    expect(headers).not.toContain('/*.md');
    for (const file of ['articles', 'corpus', 'finetune-sample', 'evals-sample'])
      expect(headers).toContain(`/api/${file}.jsonl\n  Content-Type: application/x-ndjson`);
  });

  it('gives the home page a title, meta description and parseable JSON-LD with WebSite and Organization', () => {
    const html = text('index.html');
    expect(html).toContain('<title>Fixture Directory</title>');
    expect(html).toContain(
      '<meta name="description" content="A small directory that exercises every output of the compiler.">',
    );
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!);
    expect(ld['@graph'].map((node: { '@type': string }) => node['@type'])).toEqual(['WebSite', 'Organization']);
    expect(html).toContain('(premium, 5 EUR)');
  });
});

describe('the home page for agents (index.md)', () => {
  it('lists what the home page lists by absolute Markdown URL: paths, guides, resources by category, discovery files', () => {
    const markdown = text('index.md');
    expect(
      markdown.startsWith(
        '# Fixture Directory\n\n> A small directory that exercises every output of the compiler.\n\n',
      ),
    ).toBe(true);
    expect(markdown).toContain(`listed for agents at ${base}/llms.txt`);
    for (const link of [
      `[First path](${base}/paths/first-path.md)`,
      `[Basics](${base}/guides/basics.md)`,
      `1. [The basics guide](${base}/articles/basics-guide.md)`,
      `[Wire formats](${base}/resources/wire-formats.md)`,
      // A premium resource by its public preview, which answers 200.
      `[Data formats (premium: key required)](${base}/resources/data-formats/preview.md)`,
      `[llms.txt](${base}/llms.txt)`,
      `${base}/openapi.json`,
      `${base}/.well-known/mcp/server-card.json`,
    ])
      expect(markdown).toContain(link);
    expect(markdown).toMatch(
      /^## Learning paths$[\s\S]*^## Guides$[\s\S]*^## Resources by category$[\s\S]*^### Protocols$/m,
    );
    // Every link absolute; no HTML, and no search or tag pages (navigation).
    expect(
      [...markdown.matchAll(/\]\(([^)]*)\)/g)].map((match) => match[1]).filter((url) => !url!.startsWith(base)),
    ).toEqual([]);
    expect(markdown).not.toMatch(/<|\/search(?![-\w])|\/tags\//);
  });

  it('is the home page’s Markdown alternate', () => {
    expect(text('index.html')).toContain(`<link rel="alternate" type="text/markdown" href="${base}/index.md">`);
  });
});

describe('the public preview of a premium resource', () => {
  it('answers what the resource is and how to get it, in HTML and Markdown, without its headings', () => {
    const html = text('resources/data-formats/preview/index.html');
    const markdown = text('resources/data-formats/preview.md');
    for (const page of [html, markdown]) {
      expect(page).toContain('A field-by-field tour of every export format, with parsing advice.');
      expect(page).toContain('Authorization: Bearer');
      // The H2 headings are the worker's to give: nothing under public/ carries them.
      for (const heading of ['NDJSON exports', 'Schema versions']) expect(page).not.toContain(heading);
    }
    expect(markdown.startsWith('# Data formats (premium)\n\n> The JSON, NDJSON and Markdown formats')).toBe(true);
    expect(html).toContain(`<link rel="canonical" href="${base}/resources/data-formats/preview">`);
    expect(html).toContain(
      `<link rel="alternate" type="text/markdown" href="${base}/resources/data-formats/preview.md">`,
    );
  });
});

describe('share controls of resource and guide pages (issue #16)', () => {
  it('render the copy button hidden until its script runs, and links that hand assistants the absolute .md URL', () => {
    for (const pathname of ['/resources/wire-formats', '/articles/basics-guide']) {
      const html = text(`${pathname.slice(1)}/index.html`);
      const prompt = encodeURIComponent(`Read ${base}${pathname}.md and answer questions about it.`);
      // The control is also the form of the page's WebMCP tool "get this page as Markdown".
      expect(html).toMatch(
        new RegExp(
          `<form class="copy-page" id="copy-page-control" method="get" toolname="get_page_markdown" tooldescription="[^"]+" toolautosubmit hidden><button type="submit" formaction="${pathname}\\.md" id="copy-page" data-markdown="${pathname}\\.md">`,
        ),
      );
      expect(html).toContain(`<a href="https://chatgpt.com/?hints=search&amp;q=${prompt}" target="_blank"`);
      expect(html).toContain(`<a href="https://claude.ai/new?q=${prompt}" target="_blank"`);
      const script = /<script type="module" src="(\/assets\/copy-page\.[0-9a-f]{8}\.js)"><\/script>/.exec(html)?.[1];
      expect(script && fs.existsSync(path.join(pub, script)), pathname).toBe(true);
    }
  });

  it('are left off premium pages: the key holder’s page in the worker data and the public preview', () => {
    const data = readJson<{ premium: Record<string, { html: string }> }>(
      path.join(dist, 'worker/data/worker-data.json'),
    );
    for (const html of [data.premium['data-formats']!.html, text('resources/data-formats/preview/index.html')]) {
      expect(html).not.toContain('copy-page');
      expect(html).not.toContain('chatgpt.com');
    }
  });
});
