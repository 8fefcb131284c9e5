// In-memory content documents for the cross-check unit tests: what load-content.ts hands crossCheck,
// built from Markdown text without touching the disk.
import path from 'node:path';
import type { CheckedArticle, CheckedResource, CrossCheckInput } from '../../src/content/cross-checks.js';
import { splitFrontMatter } from '../../src/content/front-matter.js';
import type { Site } from '../../src/content/model.js';
import { slugPattern } from '../../src/content/slug.js';
import { parseYamlSource } from '../../src/content/source-file.js';
import { renderMarkdown } from '../../src/markdown/render.js';
import { storeMarkdown } from '../../src/markdown/stored-markdown.js';

/** Under the working directory, so problems name it relatively; nothing is read or written there. */
export const contentRoot = path.join(process.cwd(), 'unit-virtual-content');

/** The path a problem names for a document. */
export const shown = (relative: string) => `unit-virtual-content/${relative}`;

function document(relative: string, text: string) {
  const file = path.join(contentRoot, relative);
  const split = splitFrontMatter(text);
  if (!split.ok) throw new Error(`${relative}: front matter ${split.reason}`);
  const { source, syntaxErrors } = parseYamlSource(file, text, split.value.yaml, split.value.yamlLineOffset);
  if (syntaxErrors.length) throw new Error(`${relative}: ${syntaxErrors[0]!.message}`);
  const name = path.basename(file, '.md');
  return {
    ...(source.data as Record<string, unknown>),
    slug: slugPattern.test(name) ? name : null,
    file,
    source,
    body: split.value.body,
    bodyLineOffset: split.value.bodyLineOffset,
    rendered: storeMarkdown(renderMarkdown(split.value.body)),
  };
}

/** A resource file `resources/<name>.md`: front-matter lines (without fences), a blank line, then the body. */
export function resource(name: string, front: string[], body = '## Section\n\nText.'): CheckedResource {
  return document(`resources/${name}.md`, ['---', ...front, '---', '', body].join('\n')) as CheckedResource;
}

/** An article file `articles/<cluster>/<name>.md`, laid out like `resource`. */
export function article(cluster: string, name: string, front: string[], body = 'Text.'): CheckedArticle {
  return document(`articles/${cluster}/${name}.md`, ['---', ...front, '---', '', body].join('\n')) as CheckedArticle;
}

export function site(extra: Partial<Site> = {}): Site {
  return {
    name: 'Test site',
    url: 'https://site.example',
    description: 'A site.',
    language: 'en',
    publisher: { name: 'Someone' },
    license: { name: 'CC BY 4.0', permits: ['search'], prohibits: [] },
    content_signals: { search: true, 'ai-input': true, 'ai-train': false },
    pricing: { payment_url: 'https://pay.example', delivery: 'e-mail', price_usd: '0.05', tiers: [] },
    x402: {
      network: 'base-sepolia',
      max_timeout_seconds: 60,
      transfer_methods: ['eip3009'],
      metered_corpus: false,
      reaccess_days: 30,
    },
    mcp: { allowed_origins: [] },
    markdown_negotiation: false,
    llms_txt: { max_characters: 50_000 },
    listing: { page_size: 50 },
    discovery: { ard: true, webmcp: true, skills: true, agent_card: true, mcp_install: true },
    analytics: { record: 'worker-routes', retention_days: 90, feedback: true },
    ...extra,
  };
}

/** The input load-content.ts builds: every slug of the given documents is known. */
export function input(parts: Partial<CrossCheckInput>): CrossCheckInput {
  const resources = parts.resources ?? [];
  const articles = parts.articles ?? [];
  return {
    contentDir: contentRoot,
    site: site(),
    resourceSlugs: resources.flatMap((entry) => (entry.slug ? [entry.slug] : [])),
    articleSlugs: articles.flatMap((entry) => (entry.slug ? [entry.slug] : [])),
    paths: [],
    ...parts,
    resources,
    articles,
  };
}

/** A resource's front matter; `extra` lines follow the required fields. */
export const resourceFront = (...extra: string[]) => [
  'title: A resource',
  'description: What it is.',
  'category: guides',
  'tags: [mcp]',
  'updated: 2025-01-01',
  ...extra,
];
