import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { ParsedDocument, ParseJob } from './parse-document.js';
import { type StoredMarkdown, withoutHtml } from '../markdown/stored-markdown.js';
import { compilerKey } from '../build/compiler-key.js';

/** Entries are spread over this many pack files by the first byte of their key. */
const shardCount = 64;

type Shard = Map<string, ParsedDocument>;

/** Where a cached document's body HTML is: `[file in the cache folder, byte offset, byte length]`. */
type HtmlAt = [file: string, offset: number, length: number];

/** A pack's entry on disk: the parse result without its body HTML, and where that HTML is. */
interface PackedEntry {
  document: ParsedDocument;
  html?: HtmlAt;
}

/**
 * A persistent cache of parsed documents, keyed by the compiler and each document's path, kind and
 * bytes. Outside dist/ (node_modules/.cache/agentdir by default), so CI can keep it between runs.
 *
 * Entries live in a few dozen pack files per content folder rather than one file per document:
 * thousands of tiny writes cost more than the parse they save. A pack is read whole on first use and
 * rewritten (atomically, by rename) only when this build added to it or no longer needs some of its
 * entries, so one edited file rewrites one pack and a deleted file's entry does not linger.
 *
 * The body HTML of a pack's documents is in a file of its own beside it, read one document at a time
 * the first time a page needs it: a build that keeps a document's page never reads its HTML, which at
 * 50,000 resources is 350 MB a one-change build would otherwise load and drop.
 */
export class ParseCache {
  private readonly dir: string;
  private readonly shards = new Map<number, Shard>();
  /** Keys this build asked for or added, per pack: what the pack keeps when it is rewritten. */
  private readonly used = new Map<number, Set<string>>();
  private readonly dirty = new Set<number>();
  /** The HTML files the packs pointed at when this build read them: kept until the next build writes. */
  private readonly pointedAt = new Set<string>();
  /** Where the HTML of a rendering not yet read is, so a pack rewrite copies it without a read per document. */
  private readonly htmlAtOf = new WeakMap<StoredMarkdown, HtmlAt>();

  constructor(cacheDir: string, contentDir: string) {
    const root = path.join(cacheDir, 'parse');
    const current = compilerKey().slice(0, 16);
    // Entries of another compiler can never be used again: drop them rather than let the cache grow.
    for (const stale of fs.existsSync(root) ? fs.readdirSync(root).filter((name) => name !== current) : []) {
      fs.rmSync(path.join(root, stale), { recursive: true, force: true });
    }
    // One folder per content folder, so two sites sharing a cache never evict each other's entries.
    this.dir = path.join(
      root,
      current,
      createHash('sha256').update(path.resolve(contentDir)).digest('hex').slice(0, 16),
    );
  }

  /** A document's key: its kind, its path and the digest of its bytes (sourceDigest). */
  static keyOf(document: Pick<ParseJob, 'kind' | 'file'>, digest: string): string {
    return createHash('sha256')
      .update(document.kind)
      .update('\0')
      .update(document.file)
      .update('\0')
      .update(digest)
      .digest('hex');
  }

  private shardOf(key: string): number {
    return parseInt(key.slice(0, 2), 16) % shardCount;
  }

  private packPath(shard: number): string {
    return path.join(this.dir, `pack-${String(shard).padStart(2, '0')}.bin`);
  }

  private load(shard: number): Shard {
    let entries = this.shards.get(shard);
    if (!entries) {
      try {
        const packed = v8.deserialize(fs.readFileSync(this.packPath(shard))) as Map<string, PackedEntry>;
        entries = new Map();
        if (packed instanceof Map && this.htmlIsThere(packed))
          for (const [key, { document, html }] of packed) entries.set(key, this.withHtmlAt(document, html));
      } catch {
        // Missing or unreadable (an older format, a torn disk): an empty pack, rebuilt on save.
        entries = new Map();
      }
      this.shards.set(shard, entries);
    }
    return entries;
  }

  /**
   * Whether every HTML file a pack points into is there and long enough: one removed by hand (or by
   * a cache restore that lost it) makes the pack count as empty, so its documents are parsed again
   * and the pack rewritten, rather than every later build failing on the missing bytes.
   */
  private htmlIsThere(packed: Map<string, PackedEntry>): boolean {
    const needed = new Map<string, number>();
    for (const { html } of packed.values())
      if (html) needed.set(html[0], Math.max(needed.get(html[0]) ?? 0, html[1] + html[2]));
    for (const [name, bytes] of needed)
      if ((fs.statSync(path.join(this.dir, name), { throwIfNoEntry: false })?.size ?? -1) < bytes) return false;
    return true;
  }

  /** The document with its HTML read from `html` on first use (a getter that becomes the bytes). */
  private withHtmlAt(document: ParsedDocument, html: HtmlAt | undefined): ParsedDocument {
    const { rendered } = document;
    if (!rendered || !html) return document;
    const [name, offset, length] = html;
    this.pointedAt.add(name);
    this.htmlAtOf.set(rendered, html);
    const file = path.join(this.dir, name);
    Object.defineProperty(rendered, 'packedHtml', {
      enumerable: true,
      configurable: true,
      get(this: StoredMarkdown) {
        const bytes = readRange(file, offset, length);
        Object.defineProperty(this, 'packedHtml', {
          value: bytes,
          enumerable: true,
          writable: true,
          configurable: true,
        });
        return bytes;
      },
    });
    return document;
  }

  private use(shard: number, key: string): void {
    let keys = this.used.get(shard);
    if (!keys) {
      keys = new Set();
      this.used.set(shard, keys);
    }
    keys.add(key);
  }

  get(key: string): ParsedDocument | undefined {
    const shard = this.shardOf(key);
    this.use(shard, key);
    return this.load(shard).get(key);
  }

  set(key: string, value: ParsedDocument): void {
    const shard = this.shardOf(key);
    this.use(shard, key);
    this.load(shard).set(key, value);
    this.dirty.add(shard);
  }

  /** Writes every pack this build changed, keeping only the entries it used, and drops packs it did not use. Never throws. */
  save(): void {
    for (const [shard, entries] of this.shards) {
      const keys = this.used.get(shard) ?? new Set<string>();
      const stale = [...entries.keys()].filter((key) => !keys.has(key));
      if (!this.dirty.has(shard) && !stale.length) continue;
      for (const key of stale) entries.delete(key);
      try {
        this.writePack(shard, entries);
      } catch {
        // A cache that cannot be written only costs time on the next build.
      }
    }
    this.dirty.clear();
    // A pack no document of this build maps to holds only entries of files since edited or removed.
    try {
      for (const name of fs.existsSync(this.dir) ? fs.readdirSync(this.dir) : []) {
        const shard = /^(?:pack|html)-(\d+)[.-]/.exec(name)?.[1];
        if (shard !== undefined && !this.used.has(Number(shard))) fs.rmSync(path.join(this.dir, name), { force: true });
      }
    } catch {
      // Left for the next build to drop.
    }
  }

  /**
   * Writes a pack's HTML file, then the pack that points into it. HTML files are named afresh on each
   * write, so a pack is never paired with another write's HTML. The one the pack pointed at before is
   * kept one write longer, for a build that loaded the old pack while this one ran.
   */
  private writePack(shard: number, entries: Shard): void {
    fs.mkdirSync(this.dir, { recursive: true });
    const prefix = `html-${String(shard).padStart(2, '0')}-`;
    const name = `${prefix}${process.pid}-${Math.random().toString(36).slice(2)}.bin`;
    const chunks: Uint8Array[] = [];
    let offset = 0;
    const packed = new Map<string, PackedEntry>();
    // The old HTML files of entries not read this build, each read whole once.
    const oldFiles = new Map<string, Buffer>();
    const htmlOf = (rendered: StoredMarkdown): Uint8Array => {
      const at = Object.getOwnPropertyDescriptor(rendered, 'packedHtml')?.get ? this.htmlAtOf.get(rendered) : undefined;
      if (!at) return rendered.packedHtml;
      const [old, start, length] = at;
      let whole = oldFiles.get(old);
      if (!whole) {
        whole = fs.readFileSync(path.join(this.dir, old));
        oldFiles.set(old, whole);
      }
      if (start + length > whole.length) throw new Error(`${old} is shorter than its pack says`);
      return whole.subarray(start, start + length);
    };
    for (const [key, document] of entries) {
      const { rendered } = document;
      if (!rendered) {
        packed.set(key, { document });
        continue;
      }
      const bytes = htmlOf(rendered);
      chunks.push(bytes);
      packed.set(key, {
        document: { ...document, rendered: withoutHtml(rendered) },
        html: [name, offset, bytes.length],
      });
      offset += bytes.length;
    }
    writeAtomically(path.join(this.dir, name), Buffer.concat(chunks, offset));
    writeAtomically(this.packPath(shard), v8.serialize(packed));
    for (const old of fs.readdirSync(this.dir))
      if (old.startsWith(prefix) && old !== name && !this.pointedAt.has(old))
        fs.rmSync(path.join(this.dir, old), { force: true });
  }
}

/** Writes a file whole or not at all: a temporary beside it, renamed over it. */
function writeAtomically(file: string, bytes: Uint8Array): void {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  fs.writeFileSync(temporary, bytes);
  fs.renameSync(temporary, file);
}

/** Thrown when another process removed cache files this build had read the packs of: running it again is the fix. */
export class ParseCacheLostError extends Error {
  override readonly name = 'ParseCacheLostError';
}

/** `length` bytes of `file` from `offset`, or a clear error when the cache lost them under this build. */
function readRange(file: string, offset: number, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let read = 0;
  try {
    const descriptor = fs.openSync(file, 'r');
    try {
      read = fs.readSync(descriptor, bytes, 0, length, offset);
    } finally {
      fs.closeSync(descriptor);
    }
  } catch {
    read = -1;
  }
  if (read !== length)
    throw new ParseCacheLostError(
      `The parse cache lost ${file} while this build ran (two builds of the same content at once?). Run the build again; --no-cache avoids the cache.`,
    );
  return bytes;
}
