import path from 'node:path';
import { readCacheJson, writeCacheJson } from '../util/cache-json.js';
import type { Article, Resource } from '../content/model.js';
import { ParseCache } from '../content/parse-cache.js';
import { digestsOf, type MetadataDigests, seedDigests } from '../emit/helpers/document-digests.js';
import { isObject } from '../shared/json-shapes.js';

/** Bumped when the table's layout changes; a table of another version is ignored. */
const tableVersion = 1;

type Document = Resource | Article;

/**
 * The metadata digests of the last build's documents (document-digests.ts), by parse-cache key. A
 * document parsed from the same path and bytes by the same compiler is assembled into the same
 * metadata (its fields come from its front matter and its path alone), so a build after a build
 * digests only the documents whose files changed: at 4,000 documents, digesting them all was some
 * 90 ms of a one-change build. Kept beside the parse cache's packs, in the folder of this compiler
 * and content folder, and dropped with them; a table that cannot be read only costs the digests.
 */
export class MetadataDigestMemo {
  private readonly file: string;
  private readonly previous: Map<string, MetadataDigests>;

  /** `keyOf`: each document's parse-cache key, when the cache gave or took its parse. */
  constructor(
    cacheDir: string,
    contentDir: string,
    private readonly keyOf: (document: Document) => string | undefined,
  ) {
    this.file = path.join(ParseCache.folder(cacheDir, contentDir), 'metadata-digests.json');
    this.previous = readTable(this.file);
  }

  /** Gives each of `documents` the digests the last build made of it, when its parse is the same. */
  seed(documents: Iterable<Document>): void {
    for (const document of documents) {
      const key = this.keyOf(document);
      const known = key === undefined ? undefined : this.previous.get(key);
      if (known) seedDigests(document, known);
    }
  }

  /** Keeps the digests of `documents` for the next build, when they are not those already kept. Never throws. */
  save(documents: Document[]): void {
    const next: [string, string, string][] = [];
    let same = true;
    for (const document of documents) {
      const key = this.keyOf(document);
      if (key === undefined) continue;
      const { metadata, structure } = digestsOf(document);
      const known = this.previous.get(key);
      if (known?.metadata !== metadata || known.structure !== structure) same = false;
      next.push([key, metadata, structure]);
    }
    if (same && next.length === this.previous.size) return;
    // Only time is lost if it cannot be written: the next build digests every document again.
    writeCacheJson(this.file, { version: tableVersion, documents: next });
  }
}

function readTable(file: string): Map<string, MetadataDigests> {
  const table = new Map<string, MetadataDigests>();
  // Torn or of another shape: every document is digested again, and the table written anew.
  const parsed = readCacheJson(file);
  if (!isObject(parsed) || parsed.version !== tableVersion || !Array.isArray(parsed.documents)) return table;
  for (const entry of parsed.documents) {
    if (!Array.isArray(entry)) continue;
    const [key, metadata, structure] = entry as unknown[];
    if (typeof key === 'string' && typeof metadata === 'string' && typeof structure === 'string')
      table.set(key, { metadata, structure });
  }
  return table;
}
