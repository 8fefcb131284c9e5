import zlib from 'node:zlib';
import type { RenderedMarkdown } from './render.js';

/**
 * A rendered body as the content model keeps it: everything renderMarkdown gives, with the HTML
 * deflated. Only the document's own page reads that HTML, while the model (and the parse cache on
 * disk) holds it for every document of the site: a third of the size is worth a few microseconds
 * per page.
 */
export interface StoredMarkdown extends Omit<RenderedMarkdown, 'html'> {
  /** The body's HTML, raw-deflated UTF-8 (see `bodyHtml`); empty once the page no longer needs it. */
  packedHtml: Uint8Array;
}

export function storeMarkdown({ html, ...rest }: RenderedMarkdown): StoredMarkdown {
  // A copy of exactly the bytes: zlib's result can sit in a larger buffer, which would travel whole between threads.
  return { ...rest, packedHtml: new Uint8Array(zlib.deflateRawSync(html, { level: 1 })) };
}

const noHtml = new Uint8Array(0);

/**
 * A copy of a stored rendering with `changes`. Field by field as defined, not spread: the parse cache
 * reads a document's HTML only when it is first asked for (src/content/parse-cache.ts), and a copy
 * that replaces or keeps it must not ask.
 */
export function withStored(stored: StoredMarkdown, changes: Partial<StoredMarkdown>): StoredMarkdown {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(stored)) as StoredMarkdown;
  for (const [field, value] of Object.entries(changes))
    Object.defineProperty(copy, field, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** A stored rendering without its HTML: what is left once the document's own page no longer needs it. */
export function withoutHtml(stored: StoredMarkdown): StoredMarkdown {
  return withStored(stored, { packedHtml: noHtml });
}

/** The body's HTML of a stored rendering. */
export function bodyHtml(stored: StoredMarkdown): string {
  return zlib.inflateRawSync(stored.packedHtml).toString('utf8');
}
