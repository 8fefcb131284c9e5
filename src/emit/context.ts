import type { Article, ContentModel, Resource } from '../content/model.js';
import type { SchemaRegistry } from '../schemas/registry.js';
import type { PageRenderer } from '../templates/page-renderer.js';
import type { SearchPartStore } from './helpers/search-part.js';
import type { SiteUrls } from './helpers/urls.js';

/** What every emitter receives: the checked content and the means to address, validate and render it. */
export interface EmitContext {
  model: ContentModel;
  urls: SiteUrls;
  /** YYYY-MM-DD: SOURCE_DATE_EPOCH when set, else the newest content date, so builds are reproducible. */
  buildDate: string;
  registry: SchemaRegistry;
  pages: PageRenderer;
  version: string;
  /**
   * Per-document outputs: the key of a document's own files, and whether they come from elsewhere
   * (kept from the previous build under that key, or rendered on a worker thread), so the emitter
   * must not render them itself.
   */
  outputs?: {
    keyOf(document: Resource | Article): string;
    /** The key of a document's part of each site-wide export (see KeyedPart in output.ts). */
    partKeyOf(document: Resource | Article): string;
    skip(kind: 'resource' | 'article', document: Resource | Article, key: string, paths: string[]): boolean;
    /** The key of a page that lists `documents` (see listingFile in shown-documents.ts). */
    listingKeyOf(path: string, documents: (Resource | Article)[]): string;
    /** Keeps the previous build's files under `key`: true when they are this build's too. */
    keep(key: string, paths: string[]): boolean;
  };
  /** Documents' parts of the full-text index made by previous builds (with the cache on), and where this build leaves its own. */
  searchParts?: SearchPartStore;
}

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The slugs of the premium resources, in model order (sorted by slug). */
export function premiumSlugs(model: ContentModel): string[] {
  return model.resources.filter((resource) => resource.premium).map((resource) => resource.slug);
}

/** `{ key }` for a document's part of a site-wide export, when the build reuses parts (see KeyedPart). */
export function partKey(document: Resource | Article, context: EmitContext): { key?: string } {
  const key = context.outputs?.partKeyOf(document);
  return key ? { key } : {};
}
