import fs from 'node:fs';
import path from 'node:path';
import { Liquid, LiquidError } from 'liquidjs';
import { fileProblem } from '../content/file-problem.js';
import { builtinTemplatesDir } from '../util/paths.js';
import { TemplateError } from './template-error.js';
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
  const userDir = userTemplatesDir ? path.resolve(userTemplatesDir) : undefined;
  const roots = userDir ? [userDir, builtinTemplatesDir] : [builtinTemplatesDir];
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
    render: (template, data) => {
      try {
        return liquid.renderFileSync(template, data) as string;
      } catch (error) {
        throw userTemplateError(error, userDir) ?? error;
      }
    },
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

/** Liquid's own words, without the ", file:…, line:…, col:…" it appends (the problem says where). */
function reasonOf(error: LiquidError): string {
  const message = error.originalError?.message ?? error.message;
  return message
    .replace(/(?:, file:.*)?, line:\d+, col:\d+$/s, '')
    .split('\n')[0]!
    .trim();
}

/**
 * The TemplateError for a Liquid error in a template under `userDir`, or null: any other error, or
 * one in a built-in template, is agentdir's bug and keeps its stack.
 */
function userTemplateError(error: unknown, userDir: string | undefined): TemplateError | null {
  if (!userDir || !LiquidError.is(error) || !error.token?.file) return null;
  const { file } = error.token;
  const relative = path.relative(userDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [line, column] = error.token.getPosition();
  const stage = error.name === 'ParseError' || error.name === 'TokenizationError' ? 'parse' : 'render';
  return new TemplateError(fileProblem(file, 'TemplateError', { reason: reasonOf(error), stage }, { line, column }));
}

/** JSON for a `<script type="application/ld+json">` element: `<` is escaped so the text cannot close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
