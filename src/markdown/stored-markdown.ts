import fs from 'node:fs';
import zlib from 'node:zlib';
import { openRegularFileSync } from '../util/regular-file.js';
import type { RenderedMarkdown } from './render.js';
import { joinedFields } from '../util/joined-fields.js';
import { copiedRendering } from './lazy-rendering.js';

/** Where bytes of a document (its packed HTML, its Markdown body) are in a file of the parse cache (src/content/parse-cache.ts). */
export interface CacheLocation {
  file: string;
  offset: number;
  length: number;
}

/**
 * A rendered body as the content model keeps it: everything renderMarkdown gives, with the HTML
 * deflated. Only the document's own page reads that HTML, while the model (and the parse cache on
 * disk) holds it for every document of the site: a third of the size is worth a few microseconds
 * per page.
 */
export interface StoredMarkdown extends Omit<RenderedMarkdown, 'html'> {
  /** The body's HTML, raw-deflated UTF-8 (see `bodyHtml`); empty once the page no longer needs it, or while it is `htmlAt`. */
  packedHtml: Uint8Array;
  /** Set when the packed HTML was left in the parse cache's file, to be read only if the page is rendered. */
  htmlAt?: CacheLocation;
}

export function storeMarkdown({ html, ...rest }: RenderedMarkdown): StoredMarkdown {
  // A copy of exactly the bytes: zlib's result can sit in a larger buffer, which would travel whole between threads.
  return joinedFields(rest, { packedHtml: new Uint8Array(zlib.deflateRawSync(html, { level: 1 })) });
}

const noHtml = new Uint8Array(0);

/** A stored rendering without its HTML: what is left once the document's own page no longer needs it. */
export function withoutHtml(stored: StoredMarkdown): StoredMarkdown {
  return copiedRendering(stored, { packedHtml: noHtml }, ['htmlAt']);
}

/** Thrown when another process removed the cache file a loaded document's HTML was in: running the build again is the fix. */
export class ParseCacheLostError extends Error {
  override readonly name = 'ParseCacheLostError';

  constructor(file: string) {
    super(
      `The parse cache lost ${file} while this build ran (two builds of the same content at once?). Run the build again; --no-cache avoids the cache.`,
    );
  }
}

/** The packed HTML of a stored rendering, read from the parse cache's file when it was left there. */
export function packedHtmlOf(stored: StoredMarkdown): Uint8Array {
  return stored.htmlAt ? bytesAt(stored.htmlAt) : stored.packedHtml;
}

/** Bytes the parse cache left in one of its files (a body's HTML, or its Markdown), read when first needed. */
export function bytesAt(at: CacheLocation): Uint8Array {
  const bytes = new Uint8Array(at.length);
  let read = -1;
  try {
    // Opened without waiting and judged by what was opened: a pipe put at its path is lost HTML, not a hang.
    const opened = openRegularFileSync(at.file);
    if (opened.ok) {
      try {
        read = fs.readSync(opened.fd, bytes, 0, at.length, at.offset);
      } finally {
        fs.closeSync(opened.fd);
      }
    }
  } catch {
    // Reported below, with what to do.
  }
  if (read !== at.length) throw new ParseCacheLostError(at.file);
  return bytes;
}

/** The body's HTML of a stored rendering. */
export function bodyHtml(stored: StoredMarkdown): string {
  return zlib.inflateRawSync(packedHtmlOf(stored)).toString('utf8');
}
