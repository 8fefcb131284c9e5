import fs from 'node:fs';
import path from 'node:path';
import type { Problem } from '../errors/problem.js';
import type { Site } from './model.js';
import { fileProblem, readYamlFile } from './read-source.js';
import { validateAgainstSchema } from './schema-problems.js';
import { siteUrlProblems } from './site-url-problems.js';
import { x402MethodProblems } from './x402-method-problems.js';
import type { YamlSource } from './source-file.js';
import { displayPath } from '../util/paths.js';

export async function loadSite(
  dir: string,
  baseUrl?: string,
): Promise<{ site?: Site; source?: YamlSource; problems: Problem[] }> {
  const file = path.join(dir, 'site.yaml');
  // lstat: a broken symlink is there, and its read says what is wrong with it.
  if (!fs.lstatSync(file, { throwIfNoEntry: false })) {
    return {
      problems: [fileProblem(file, 'MissingFile', { missing: 'site.yaml', path: displayPath(file) })],
    };
  }
  const { source, problems } = await readYamlFile(dir, file);
  if (!source) return { problems };
  const schemaProblems = validateAgainstSchema(source, 'site', 'site.yaml');
  if (schemaProblems.length) return { source, problems: schemaProblems };
  const urlProblems = siteUrlProblems(source);
  if (urlProblems.length) return { source, problems: urlProblems };
  const methodProblems = x402MethodProblems(source);
  if (methodProblems.length) return { source, problems: methodProblems };
  return { site: withDefaults(source.data as RawSite, baseUrl), source, problems: [] };
}

type RawSite = Omit<
  Site,
  | 'language'
  | 'license'
  | 'content_signals'
  | 'x402'
  | 'mcp'
  | 'pricing'
  | 'markdown_negotiation'
  | 'llms_txt'
  | 'listing'
  | 'discovery'
  | 'analytics'
> & {
  markdown_negotiation?: boolean;
  discovery?: Partial<Site['discovery']>;
  analytics?: Partial<Site['analytics']>;
  llms_txt?: Partial<Site['llms_txt']>;
  listing?: Partial<Site['listing']>;
  language?: string;
  license?: Partial<Site['license']>;
  content_signals?: Partial<Site['content_signals']>;
  x402?: Partial<Site['x402']>;
  mcp?: Partial<Site['mcp']>;
  pricing: Partial<Site['pricing']> & Pick<Site['pricing'], 'payment_url' | 'tiers'>;
};

function withDefaults(raw: RawSite, baseUrl?: string): Site {
  return {
    ...raw,
    url: (baseUrl ?? raw.url).replace(/\/+$/, ''),
    language: raw.language ?? 'en',
    license: {
      name: raw.license?.name ?? `${raw.name} content license`,
      ...(raw.license?.terms_url ? { terms_url: raw.license.terms_url } : {}),
      ...(raw.license?.copyright ? { copyright: raw.license.copyright } : {}),
      permits: raw.license?.permits ?? ['search', 'ai-input', 'ai-index'],
      prohibits: raw.license?.prohibits ?? ['ai-train'],
    },
    content_signals: {
      search: raw.content_signals?.search ?? true,
      'ai-input': raw.content_signals?.['ai-input'] ?? true,
      'ai-train': raw.content_signals?.['ai-train'] ?? false,
    },
    pricing: {
      payment_url: raw.pricing.payment_url,
      delivery:
        raw.pricing.delivery ??
        'The key is delivered by e-mail after checkout. Delivery is manual, so it takes some time.',
      price_usd: raw.pricing.price_usd ?? '0.05',
      tiers: raw.pricing.tiers,
    },
    x402: {
      network: raw.x402?.network ?? 'base',
      ...(raw.x402?.asset ? { asset: raw.x402.asset } : {}),
      max_timeout_seconds: raw.x402?.max_timeout_seconds ?? 60,
      transfer_methods: raw.x402?.transfer_methods ?? ['eip3009'],
      metered_corpus: raw.x402?.metered_corpus ?? false,
      reaccess_days: raw.x402?.reaccess_days ?? 30,
    },
    mcp: { allowed_origins: raw.mcp?.allowed_origins ?? [] },
    markdown_negotiation: raw.markdown_negotiation ?? false,
    llms_txt: { max_characters: raw.llms_txt?.max_characters ?? 50_000 },
    listing: { page_size: raw.listing?.page_size ?? 50 },
    discovery: {
      ard: raw.discovery?.ard ?? true,
      webmcp: raw.discovery?.webmcp ?? true,
      skills: raw.discovery?.skills ?? true,
      agent_card: raw.discovery?.agent_card ?? true,
      mcp_install: raw.discovery?.mcp_install ?? true,
    },
    analytics: {
      record: raw.analytics?.record ?? 'worker-routes',
      retention_days: raw.analytics?.retention_days ?? 90,
      feedback: raw.analytics?.feedback ?? true,
    },
  };
}
