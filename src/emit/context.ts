import type { ContentModel } from '../content/model.js';
import type { SchemaRegistry } from '../schemas/registry.js';
import type { PageRenderer } from '../templates/page-renderer.js';
import type { SiteUrls } from './urls.js';

/** What every emitter receives: the checked content and the means to address, validate and render it. */
export interface EmitContext {
  model: ContentModel;
  urls: SiteUrls;
  /** YYYY-MM-DD: SOURCE_DATE_EPOCH when set, else the newest content date, so builds are reproducible. */
  buildDate: string;
  registry: SchemaRegistry;
  pages: PageRenderer;
  version: string;
}

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
