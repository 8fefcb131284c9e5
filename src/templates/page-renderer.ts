import fs from 'node:fs';
import path from 'node:path';
import { filters, Liquid, LiquidError } from 'liquidjs';
import { fileProblem } from '../content/file-problem.js';
import { jsonText } from '../util/json-text.js';
import { builtinTemplatesDir } from '../util/paths.js';
import { lineBreakOrControl } from '../util/text.js';
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

const lineBreaksAndControls = new RegExp(lineBreakOrControl.source, 'g');

function htmlReference(char: string): string {
  const code = char.charCodeAt(0);
  // A reference to any other control character is an HTML parse error, and NEL's reads as `…`.
  return code === 0x0a || code === 0x0d || code > 0x9f ? `&#x${code.toString(16).toUpperCase()};` : '\ufffd';
}

/**
 * The escape of every `{{ value }}`: Liquid's `escape`, then line breaks as character references
 * (the same text to a browser, in `<pre>` and attribute values too) and control characters, which
 * HTML does not allow, as U+FFFD. A value never adds a line to a page, nor a character a line-based
 * reader of the page would split at. Most values have neither, and cost one test.
 */
function escapeHtml(this: unknown, value: unknown): string {
  const escaped = (filters.escape as (this: unknown, value: unknown) => string).call(this, value);
  return lineBreakOrControl.test(escaped) ? escaped.replace(lineBreaksAndControls, htmlReference) : escaped;
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
    outputEscape: escapeHtml,
    cache: true,
    strictFilters: true,
    greedy: false,
    // Named, not the machine's: a template's `date` filter writes the same month names on every
    // machine (the input key does not cover the locale), and no Intl.DateTimeFormat is made just to
    // ask for it (20 ms of every build that renders a page).
    locale: 'en-US',
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
  return jsonText(value).replace(/</g, '\\u003c');
}
