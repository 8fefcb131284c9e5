import type { ParsedDocument } from './parse-document.js';
import { frontMatterSource } from './parse-document.js';
import type { YamlSource } from './source-file.js';
import type { CheckedDocument } from './cross-checks.js';
import { normalizeText } from '../util/text.js';
import { readRegularFileSync } from '../util/regular-file.js';
import { maxContentFileBytes } from '../util/limits.js';

/**
 * A parsed document's located YAML, parsed again only when a cross-file check needs to point at a
 * field: cached documents carry no syntax tree, and most builds never need one.
 */
export function defineLazySource<T extends object>(target: T, file: string): T & { source: YamlSource } {
  let source: YamlSource | undefined;
  Object.defineProperty(target, 'source', {
    enumerable: false,
    get() {
      if (!source) {
        // Read as the parse read it; a file since swapped for a pipe or a device gives no positions, never a hang.
        const read = readRegularFileSync(file, { maxBytes: maxContentFileBytes });
        source = frontMatterSource(file, read.ok ? normalizeText(read.bytes.toString('utf8')) : '');
      }
      return source;
    },
  });
  return target as T & { source: YamlSource };
}

/** The fields every loaded document shares, from its parse result. */
export function documentBase(parsed: ParsedDocument & { slug: string }, file: string) {
  return {
    slug: parsed.slug,
    file,
    bodyLineOffset: parsed.bodyLineOffset,
    body: parsed.body,
    rendered: parsed.rendered!,
  };
}

/**
 * What the cross-file checks can still use of a document that cannot join the model (its front
 * matter or file name has a problem): its rendered body and the front-matter fields that passed
 * their schema, typed as `T` for that reason. Undefined when even the body could not be rendered.
 */
export function checkedDraft<T extends CheckedDocument>(parsed: ParsedDocument, file: string): T | undefined {
  if (!parsed.rendered) return undefined;
  // Front matter that could not be read at all (YAML syntax, nesting) leaves every field unknown.
  const { fields, invalid } = parsed.front
    ? { fields: parsed.front, invalid: [] }
    : (parsed.partialFront ?? { fields: {}, invalid: [''] });
  const draft = {
    ...fields,
    slug: parsed.slug,
    file,
    bodyLineOffset: parsed.bodyLineOffset,
    body: parsed.body,
    rendered: parsed.rendered,
    invalid,
  };
  return defineLazySource(draft, file) as unknown as T;
}
