import type { Resource } from '../content/model.js';
import { jsonForScript } from '../templates/page-renderer.js';
import type { EmitContext } from './context.js';
import { resourceJsonLd } from './json-ld.js';
import { jsonFile, type OutputFile } from './output.js';
import { premiumOffer, resourceJson, resourceMarkdown } from './resource-json.js';

/** The HTML page of a resource; for a premium slug only the worker holds it. */
export function resourceHtml(resource: Resource, context: EmitContext): string {
  const { urls, model } = context;
  return context.pages.render('resource', {
    site: model.site,
    urls,
    page: {
      title: `${resource.title} · ${model.site.name}`,
      description: resource.description,
      canonical: urls.resourceHtml(resource.slug),
      markdown: urls.resourceMarkdown(resource.slug),
      json: urls.resourceJson(resource.slug),
      og_type: 'article',
      jsonld: jsonForScript(resourceJsonLd(resource, context)),
    },
    resource: { ...resource, ...(resource.premium ? premiumOffer(resource, context) : {}) },
    outline: resource.rendered.outline,
    body_html: resource.rendered.html,
  });
}

/** HTML, Markdown and JSON variants of every free resource. Premium variants go to the worker (see worker-data). */
export function emitResourceVariants(context: EmitContext): OutputFile[] {
  return context.model.resources
    .filter((resource) => !resource.premium)
    .flatMap((resource) => [
      { path: `public/resources/${resource.slug}/index.html`, content: resourceHtml(resource, context) },
      { path: `public/resources/${resource.slug}.md`, content: resourceMarkdown(resource) },
      jsonFile(context.registry, `public/api/resources/${resource.slug}.json`, resourceJson(resource, context), 'resource'),
    ]);
}
