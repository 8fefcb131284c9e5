import fs from 'node:fs';
import type { ParsedDocument } from './parse-document.js';
import { frontMatterSource } from './parse-document.js';
import type { YamlSource } from './source-file.js';
import { normalizeText } from '../util/text.js';

/**
 * A parsed document's located YAML, parsed again only when a cross-file check needs to point at a
 * field: cached documents carry no syntax tree, and most builds never need one.
 */
export function defineLazySource<T extends object>(target: T, file: string): T & { source: YamlSource } {
  let source: YamlSource | undefined;
  Object.defineProperty(target, 'source', {
    enumerable: false,
    get() {
      source ??= frontMatterSource(file, normalizeText(fs.readFileSync(file, 'utf8')));
      return source;
    },
  });
  return target as T & { source: YamlSource };
}

/** The fields every loaded document shares, from its parse result. */
export function documentBase(parsed: ParsedDocument & { slug: string }, file: string) {
  return { slug: parsed.slug, file, bodyLineOffset: parsed.bodyLineOffset, body: parsed.body, rendered: parsed.rendered! };
}
