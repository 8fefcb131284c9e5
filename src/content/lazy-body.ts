import { sha256 } from '../util/sha256.js';

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

/** A body left where it is: its facts, and how to read it (`T`: where it is, as its reader knows it). */
export interface LazyBody<T = unknown> extends BodyFacts {
  at: T;
  read: (at: T) => string;
}

/** What is known of a document's body: its facts, and while it is unread, how to read it. */
interface BodyState {
  facts: BodyFacts;
  lazy?: LazyBody;
  text?: string;
}

/** One entry per document (a weak map's entry costs more than the digest of a short text: one, not three). */
const states = new WeakMap<object, BodyState>();

/** The facts of a body's text. */
export function factsOfBody(body: string): BodyFacts {
  return {
    digest: sha256(body, 'base64'),
    blank: !body.trim(),
    length: body.length,
  };
}

/**
 * The one getter every lazy body shares: a getter made per document would give each document a
 * hidden class of its own, and every read of any of their fields would then be slow.
 */
const lazyField: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: object): string {
    const state = states.get(this)!;
    if (state.text === undefined) {
      state.text = state.lazy!.read(state.lazy!.at);
      delete state.lazy;
    }
    return state.text;
  },
};

/**
 * Gives `target` a `body` read by `lazy.read` on first use, as a new field (so add it last: turning
 * a field a document already has into a getter would make every read of its fields slower). The
 * field is enumerable, so a copy made by spreading (`{ ...document }`) holds the text itself.
 */
export function defineLazyBody<T extends object, At>(target: T, lazy: LazyBody<At>): T & { body: string } {
  const { digest, blank, length } = lazy;
  states.set(target, { facts: { digest, blank, length }, lazy: lazy as LazyBody });
  Object.defineProperty(target, 'body', lazyField);
  return target as T & { body: string };
}

/** Where `document`'s body is, while it is unread (as the LazyBody it was given named it). */
export function unreadBodyAt(document: object): unknown {
  return states.get(document)?.lazy?.at;
}

/**
 * Gives `target` the body of `source`, as its last field: still unread when `source`'s is, else its
 * text. What a document assembled from a parse result uses instead of copying `body` (which would read it).
 */
export function carryBody<T extends object>(target: T, source: { body: string }): T & { body: string } {
  const lazy = states.get(source)?.lazy;
  if (lazy) return defineLazyBody(target, lazy);
  (target as T & { body: string }).body = source.body;
  return target as T & { body: string };
}

/** The facts of `document`'s body: known when it came from the cache unread, else found once from its text. */
export function bodyFactsOf(document: { body: string }): BodyFacts {
  let state = states.get(document);
  if (!state) {
    state = { facts: factsOfBody(document.body) };
    states.set(document, state);
  }
  return state.facts;
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
