import v8 from 'node:v8';
import type { StoredMarkdown } from './stored-markdown.js';
import { sha256 } from '../util/sha256.js';

// What a rendering found in a body besides its HTML (outline, links, sources...) can stay packed in
// the parse cache's entry until something reads it. A build after a build reads it only for the
// documents it renders or checks again: the content checks of unchanged documents are kept
// (src/content/cross-check-memo.ts), and the keys of their outputs come from digests. At 4,400
// documents with links and sources, decoding those fields was over half of reading the cache.

/**
 * The fields of a stored rendering that are kept packed: each is on every rendering, and they are
 * most of its size. Each costs every document read from the cache an accessor; the few others are
 * nearly always empty.
 */
export const deferredFields = ['outline', 'sections', 'anchors', 'sources', 'links'] as const;

const isDeferred = new Set<string>(deferredFields);

type DeferredField = (typeof deferredFields)[number];
type DeferredValues = Pick<StoredMarkdown, DeferredField>;

/** A rendering without its deferred fields, as a parse-cache entry holds it, with them packed. */
export type PackedRendering = Omit<StoredMarkdown, DeferredField> & {
  /**
   * The deferred fields, serialized, as a one-byte string: a pack's serializer reads a string
   * natively, where it called back into the cache's code for each document's bytes (at 4,000
   * documents, half of decoding the packs).
   */
  deferred: string;
  /** passagesDigest of the rendering. */
  passagesDigest: string;
};

interface DeferredState {
  /** The packed fields until they are decoded (then `values` holds them, and the bytes go). */
  packed?: string;
  values?: DeferredValues;
  passagesDigest: string;
}

/** One entry per rendering with packed fields; copies of a rendering share their original's. */
const states = new WeakMap<object, DeferredState>();

function valuesOf(rendering: object): DeferredValues {
  const state = states.get(rendering)!;
  if (!state.values) {
    state.values = v8.deserialize(Buffer.from(state.packed!, 'latin1')) as DeferredValues;
    // Not held twice: a build that checks every document again decodes them all.
    state.packed = undefined;
  }
  return state.values;
}

/**
 * One getter and setter per field, shared by every rendering: accessors made per rendering would give
 * each a hidden class of its own (see lazy-body.ts).
 */
const accessors = Object.fromEntries(
  deferredFields.map((name): [DeferredField, PropertyDescriptor] => [
    name,
    {
      enumerable: true,
      configurable: true,
      get(this: object) {
        return valuesOf(this)[name];
      },
      set(this: object, value: unknown) {
        (valuesOf(this) as Record<DeferredField, unknown>)[name] = value;
      },
    },
  ]),
) as Record<DeferredField, PropertyDescriptor>;

function defineDeferred<T extends object>(target: T, state: DeferredState): T & DeferredValues {
  states.set(target, state);
  for (const name of deferredFields) Object.defineProperty(target, name, accessors[name]);
  return target as T & DeferredValues;
}

/**
 * A digest of what a document's search passages read of its rendering besides its body: the outlines'
 * anchors and the audience ranges, which the digest of the (agents') body leaves out (see
 * searchPartKey). Known without decoding a packed rendering.
 */
export function passagesDigest(rendering: StoredMarkdown): string {
  const known = states.get(rendering)?.passagesDigest;
  if (known !== undefined) return known;
  const { outline, pageOutline, agentsOnlyAt, peopleOnlyAt, peopleOnly } = rendering;
  return sha256(JSON.stringify([outline, pageOutline, agentsOnlyAt, peopleOnlyAt, peopleOnly]));
}

/**
 * A rendering as a parse-cache entry holds it, with `extra` fields: packed bytes still unread are
 * written back as they are.
 */
export function packRendering(rendering: StoredMarkdown, extra: Partial<StoredMarkdown> = {}): PackedRendering {
  const state = states.get(rendering);
  const eager: Record<string, unknown> = {};
  for (const name of Object.keys(rendering))
    if (!isDeferred.has(name)) eager[name] = rendering[name as keyof StoredMarkdown];
  Object.assign(eager, extra);
  // Still packed until read (valuesOf lets the bytes go).
  let deferred = state?.packed;
  if (!deferred) {
    const values: Record<string, unknown> = {};
    for (const name of deferredFields) values[name] = rendering[name];
    deferred = v8.serialize(values).toString('latin1');
  }
  return Object.assign(eager, { deferred, passagesDigest: passagesDigest(rendering) }) as PackedRendering;
}

/** The rendering a parse-cache entry holds, its deferred fields decoded on first read. */
export function unpackRendering({ deferred, passagesDigest, ...eager }: PackedRendering): StoredMarkdown {
  return defineDeferred(eager, { packed: deferred, passagesDigest });
}

/** Whether `value` has the shape packRendering gives (the rest is checked where the cache reads it). */
export function isPackedRendering(value: unknown): value is PackedRendering {
  const { deferred, passagesDigest } = (value ?? {}) as Partial<PackedRendering>;
  return typeof deferred === 'string' && typeof passagesDigest === 'string';
}

/**
 * A copy of `rendering` with `changes` and without the fields named in `without`, as `{ ...rendering,
 * ...changes }` would make it, except that fields still packed stay packed (a spread would decode
 * them). Changes to packed fields apply once they are decoded: a rendering whose fields were never
 * read holds only their bytes, and the content checks' data is all that is ever let go of.
 */
export function copiedRendering(
  rendering: StoredMarkdown,
  changes: Partial<StoredMarkdown>,
  without: readonly (keyof StoredMarkdown)[] = [],
): StoredMarkdown {
  const state = states.get(rendering);
  const packed = (name: string) => state !== undefined && isDeferred.has(name);
  const copy: Record<string, unknown> = {};
  const packedChanges: Record<string, unknown> = {};
  for (const name of Object.keys(rendering) as (keyof StoredMarkdown)[])
    if (!without.includes(name) && !packed(name))
      copy[name] = Object.hasOwn(changes, name) ? changes[name] : rendering[name];
  for (const [name, value] of Object.entries(changes)) {
    if (packed(name)) packedChanges[name] = value;
    else if (!Object.hasOwn(copy, name)) copy[name] = value;
  }
  if (!state) return copy as unknown as StoredMarkdown;
  const shared =
    state.values && Object.keys(packedChanges).length
      ? { ...state, values: { ...state.values, ...packedChanges } as DeferredValues }
      : state;
  return defineDeferred(copy, shared) as unknown as StoredMarkdown;
}

/** Whether `rendering`'s packed fields were never read (then none of them is held decoded). */
export function deferredUnread(rendering: StoredMarkdown): boolean {
  return states.get(rendering)?.packed !== undefined;
}
