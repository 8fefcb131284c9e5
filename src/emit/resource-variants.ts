import { forAgents } from '../content/agent-view.js';
import type { Resource } from '../content/model.js';
import type { EmitContext } from './context.js';
import { resourceJsonLd } from './helpers/json-ld.js';
import { articleItem, categoryLink, resourceItem } from './helpers/listing-items.js';
import { jsonFile, type OutputFile } from './output.js';
import { breadcrumbTrail, pageData, shareControls } from './helpers/page-data.js';
import { pagePaths } from './helpers/page-paths.js';
import { readableHtml, readingMinutes } from './helpers/readable-html.js';
import { bodyHtml } from '../markdown/stored-markdown.js';
import { resourceJson, resourceMarkdown } from './helpers/resource-json.js';
import { tableOfContents } from './helpers/table-of-contents.js';
import { filesRenderer } from './helpers/shown-documents.js';
import { joinedFields } from '../util/joined-fields.js';

/** Learning paths that include a resource, with its place in each. */
function pathsThrough(resource: Resource, context: EmitContext) {
  return context.model.paths
    .filter((learningPath) => learningPath.steps.includes(resource.slug))
    .map((learningPath) => ({
      title: learningPath.title,
      href: pagePaths.learningPath(learningPath.id),
      position: learningPath.steps.indexOf(resource.slug) + 1,
      total: learningPath.steps.length,
    }));
}

/** The HTML page of a resource; for a premium slug only the worker holds it. */
export function resourceHtml(resource: Resource, context: EmitContext): string {
  const { urls, model } = context;
  const category = categoryLink(resource.category, context);
  const trail = breadcrumbTrail(context, category, { name: resource.title, href: pagePaths.resource(resource.slug) });
  const agents = forAgents(resource);
  const head = {
    title: `${resource.title} · ${model.site.name}`,
    description: resource.description,
    canonical: urls.resourceHtml(resource.slug),
    // A page for people only has no variants for agents to point at.
    ...(agents ? { markdown: urls.resourceMarkdown(resource.slug), json: urls.resourceJson(resource.slug) } : {}),
    og_type: 'article' as const,
    modified: resource.updated,
    jsonld: resourceJsonLd(resource, category.name, trail, context),
  };
  return context.pages.render(
    'resource',
    pageData(context, head, {
      resource: joinedFields(resource, resourceItem(resource, context), {
        minutes: readingMinutes(resource.rendered.words),
      }),
      breadcrumbs: trail,
      // A premium page is the worker's, for a key holder: its .md answers 402 to the browser's own
      // fetch and to the assistants, which hold no key, so it offers neither.
      share: resource.premium || !head.markdown ? null : shareControls(context, head.markdown),
      // The page's own outline: people-only headings are on it.
      outline: resource.rendered.pageOutline ?? resource.rendered.outline,
      toc: tableOfContents(resource.rendered.pageOutline ?? resource.rendered.outline),
      body_html: readableHtml(bodyHtml(resource.rendered)),
      learning_paths: pathsThrough(resource, context),
      guides: model.articles
        .filter((article) => article.resources.includes(resource.slug))
        .map((article) => articleItem(article, context)),
    }),
  );
}

/** Where a free resource's own files go: its page, and its Markdown and JSON variants unless it is for people only. */
export function resourcePaths(resource: Resource): string[] {
  const { slug } = resource;
  const page = `public/resources/${slug}/index.html`;
  return forAgents(resource) ? [page, `public/resources/${slug}.md`, `public/api/resources/${slug}.json`] : [page];
}

/** The files of one free resource, each rendered as it is asked for; `key` marks them for reuse by the next build. */
export function* resourceFiles(resource: Resource, context: EmitContext, key?: string): Generator<OutputFile> {
  const [html, markdown, json] = resourcePaths(resource) as [string, string?, string?];
  const keyed = key ? { key } : {};
  const within = filesRenderer(resource, context.model);
  yield { path: html, content: within(() => resourceHtml(resource, context)), ...keyed };
  if (!markdown || !json) return;
  yield { path: markdown, content: within(() => resourceMarkdown(resource, context)), ...keyed };
  yield joinedFields(
    within(() => jsonFile(context.registry, json, resourceJson(resource, context), 'resource')),
    keyed,
  );
}

/** HTML, Markdown and JSON variants of every free resource. Premium variants go to the worker (see worker-data). */
export function* emitResourceVariants(context: EmitContext): Generator<OutputFile> {
  // One resource at a time: each page is written before the next is rendered.
  for (const resource of context.model.resources) {
    if (resource.premium) continue;
    const key = context.outputs?.keyOf(resource);
    if (key && context.outputs!.skip('resource', resource, key, resourcePaths(resource))) continue;
    yield* resourceFiles(resource, context, key);
  }
}
