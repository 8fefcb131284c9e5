import path from 'node:path';
import { Liquid } from 'liquidjs';
import { builtinTemplatesDir } from '../util/paths.js';

export type TemplateName = 'home' | 'resource' | 'article' | 'not-found';

/** Renders the HTML pages. Every `{{ value }}` is escaped; only `| raw` (used for rendered Markdown and JSON-LD) is not. */
export interface PageRenderer {
  render(template: TemplateName, data: Record<string, unknown>): string;
}

/**
 * Liquid templates looked up first in the user's folder, then in the built-ins: overriding one
 * template means adding that one file, nothing else.
 */
export function createPageRenderer(userTemplatesDir?: string): PageRenderer {
  const roots = userTemplatesDir ? [path.resolve(userTemplatesDir), builtinTemplatesDir] : [builtinTemplatesDir];
  const liquid = new Liquid({
    root: roots,
    layouts: roots,
    partials: roots,
    extname: '.liquid',
    outputEscape: 'escape',
    cache: true,
    strictFilters: true,
    greedy: false,
  });
  return {
    render: (template, data) => liquid.renderFileSync(template, data) as string,
  };
}

/** JSON for a `<script type="application/ld+json">` element: `<` is escaped so the text cannot close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
