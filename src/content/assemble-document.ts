import type { ParsedDocument } from './parse-document.js';
import { frontMatterSource } from './parse-document.js';
import type { YamlSource } from './source-file.js';
import type { CheckedDocument } from './cross-checks.js';
import { normalizeText } from '../util/text.js';
import { readRegularFileSync } from '../util/regular-file.js';
import { maxContentFileBytes } from '../util/limits.js';

/** The file each document's located YAML is parsed from, and the YAML once parsed. */
const sourceFiles = new WeakMap<object, string>();
const sources = new WeakMap<object, YamlSource | undefined>();

/**
 * The one getter every document's `source` shares: a getter made per document would give each
 * document a hidden class of its own, and every read of any of their fields would then be slow.
 */
const lazySourceField: PropertyDescriptor = {
  enumerable: false,
  get(this: object): YamlSource | undefined {
    if (sources.has(this)) return sources.get(this);
    const file = sourceFiles.get(this)!;
    // Read as the parse read it; a file since swapped for a pipe or a device gives no positions, never a hang.
    const read = readRegularFileSync(file, { maxBytes: maxContentFileBytes });
    const source = frontMatterSource(file, read.ok ? normalizeText(read.bytes.toString('utf8')) : '');
    sources.set(this, source);
    return source;
  },
};

/**
 * A parsed document's located YAML, parsed again only when a cross-file check needs to point at a
 * field: cached documents carry no syntax tree, and most builds never need one.
 */
export function defineLazySource<T extends object>(target: T, file: string): T & { source: YamlSource } {
  sourceFiles.set(target, file);
  Object.defineProperty(target, 'source', lazySourceField);
  return target as T & { source: YamlSource };
}

/**
 * The fields every loaded document shares, from its parse result, but its body: the caller adds
 * that last with `carryBody`, unread while the parse result's is (lazy-body.ts). Added, not replaced: turning a
 * field into a getter would make every read of every field of the document slower.
 */
export function documentBase(parsed: ParsedDocument, slug: string, file: string) {
  return {
    slug,
    file,
    bodyLineOffset: parsed.bodyLineOffset,
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
