import fs from 'node:fs';
import path from 'node:path';
import { Liquid } from 'liquidjs';
import { builtinTemplatesDir } from '../util/paths.js';
import { readTemplateText, templateFileSystem } from './template-files.js';
import { memoRenderTag } from './render-memo.js';

export type TemplateName =
  | 'home'
  | 'resource'
  | 'article'
  | 'cluster'
  | 'path'
  | 'category'
  | 'tag'
  | 'search'
  | 'not-found'
  | 'paywall';

/** Renders the HTML pages. Every `{{ value }}` is escaped; only `| raw` (used for rendered Markdown and JSON-LD) is not. */
export interface PageRenderer {
  render(template: TemplateName, data: Record<string, unknown>): string;
  /** A file beside the templates, such as `site.css`: the user's copy when there is one, else the built-in. */
  readAsset(name: string): string;
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
    fs: templateFileSystem,
    outputEscape: 'escape',
    cache: true,
    strictFilters: true,
    greedy: false,
  });
  liquid.registerTag('render', memoRenderTag());
  return {
    render: (template, data) => liquid.renderFileSync(template, data) as string,
    readAsset: (name) => {
      const file = roots.map((root) => path.join(root, name)).find((candidate) => fs.existsSync(candidate));
      if (!file)
        throw new Error(
          `No template asset \`${name}\` in ${roots.join(' or ')}. This is a bug in agentdir: the built-in templates ship it.`,
        );
      return readTemplateText(file);
    },
  };
}

/** JSON for a `<script type="application/ld+json">` element: `<` is escaped so the text cannot close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
