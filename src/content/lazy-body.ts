import { createHash } from 'node:crypto';

// A document's Markdown body can stay in the parse cache's file until something reads it: a build
// that keeps a document's outputs needs only what is known of the body (the keys of its outputs
// start from its digest, the exports' totals add up its length), and at 4,000 small documents the
// bodies are two thirds of what loading the cache would decode.

/** What the build needs to know of a body's text, besides the text itself. */
export interface BodyFacts {
  /** A digest of the text (sha256, base64). */
  digest: string;
  /** Whether the text is only white space (an empty resource is reported). */
  blank: boolean;
  /** Its length in UTF-16 code units, as `string.length` gives it. */
  length: number;
}

/** A body not yet read: its facts, and how to read it. */
export interface LazyBody extends BodyFacts {
  read: () => string;
}

/** Facts known for documents, whether their bodies were read or not. */
const facts = new WeakMap<object, BodyFacts>();
/** Readers of the bodies not yet read, by document. */
const unread = new WeakMap<object, LazyBody>();

/** The facts of a body's text. */
export function factsOfBody(body: string): BodyFacts {
  return {
    digest: createHash('sha256').update(body).digest('base64'),
    blank: !body.trim(),
    length: body.length,
  };
}

/** Bodies read from the cache, by document. */
const texts = new WeakMap<object, string>();

/**
 * The one getter every lazy body shares: a getter made per document would give each document a
 * hidden class of its own, and every read of any of their fields would then be slow.
 */
const lazyField: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: object): string {
    let text = texts.get(this);
    if (text === undefined) {
      text = unread.get(this)!.read();
      texts.set(this, text);
      unread.delete(this);
    }
    return text;
  },
};

/**
 * Gives `target` a `body` read by `lazy.read` on first use, as a new field (so add it last: turning
 * a field a document already has into a getter would make every read of its fields slower). The
 * field is enumerable, so a copy made by spreading (`{ ...document }`) holds the text itself.
 */
export function defineLazyBody<T extends object>(target: T, lazy: LazyBody): T & { body: string } {
  unread.set(target, lazy);
  facts.set(target, { digest: lazy.digest, blank: lazy.blank, length: lazy.length });
  Object.defineProperty(target, 'body', lazyField);
  return target as T & { body: string };
}

/**
 * Gives `target` the body of `source`, as its last field: still unread when `source`'s is, else its
 * text. What a document assembled from a parse result uses instead of copying `body` (which would read it).
 */
export function carryBody<T extends object>(target: T, source: { body: string }): T & { body: string } {
  const lazy = unread.get(source);
  if (lazy) return defineLazyBody(target, lazy);
  (target as T & { body: string }).body = source.body;
  return target as T & { body: string };
}

/** The facts of `document`'s body: known when it came from the cache unread, else found once from its text. */
export function bodyFactsOf(document: { body: string }): BodyFacts {
  let known = facts.get(document);
  if (!known) {
    known = factsOfBody(document.body);
    facts.set(document, known);
  }
  return known;
}

/** The digest of `document`'s body (see BodyFacts). */
export function bodyDigestOf(document: { body: string }): string {
  return bodyFactsOf(document).digest;
}

/** Whether `document`'s body is only white space. */
export function isBlankBody(document: { body: string }): boolean {
  return bodyFactsOf(document).blank;
}

/** The tokens an agent would spend on `document`'s body: the common estimate of four characters a token. */
export function bodyTokens(document: { body: string }): number {
  return Math.ceil(bodyFactsOf(document).length / 4);
}
