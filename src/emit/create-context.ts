import path from 'node:path';
import type { ContentModel } from '../content/model.js';
import { schemaRegistry } from '../schemas/registry.js';
import { createPageRenderer } from '../templates/page-renderer.js';
import { compilerVersion } from '../util/version.js';
import type { EmitContext } from './context.js';
import { siteUrls } from './helpers/urls.js';

/** The context emitters render with, for a model and its build date: the same on the main thread and on render threads. */
export function emitContextFor(model: ContentModel, buildDate: string): EmitContext {
  const templates = model.site.templates ? path.resolve(model.dir, model.site.templates) : undefined;
  return {
    model,
    urls: siteUrls(model.site.url),
    buildDate,
    registry: schemaRegistry(),
    pages: createPageRenderer(templates),
    version: compilerVersion,
  };
}
