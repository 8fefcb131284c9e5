import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { ParsedDocument, ParseJob } from './parse-document.js';
import {
  bytesAt,
  type CacheLocation,
  packedHtmlOf,
  ParseCacheLostError,
  withoutHtml,
} from '../markdown/stored-markdown.js';
import { compilerKey } from '../cache/compiler-key.js';
import { sha256 } from '../util/sha256.js';
import { readRegularFileSync } from '../util/regular-file.js';
import { writeAtomically } from '../util/write-atomically.js';
import { deserializeOwning } from '../util/deserialize-owning.js';
import { type BodyFacts, bodyFactsOf, defineLazyBody, unreadBodyAt } from './lazy-body.js';
import { joinedFields } from '../util/joined-fields.js';
import { isPackedRendering, packRendering, type PackedRendering, unpackRendering } from '../markdown/lazy-rendering.js';

/** Entries are spread over this many pack files by the first byte of their key. */
const shardCount = 64;

type Shard = Map<string, ParsedDocument>;

/**
 * A document as a pack holds it: its body left in the pack's file beside it, with the body's digest,
 * and the fields of its rendering that few builds read packed (lazy-rendering.ts).
 */
type PackedDocument = Omit<ParsedDocument, 'body' | 'rendered'> & {
  bodyAt: CacheLocation;
  bodyFacts: BodyFacts;
  rendered?: PackedRendering;
};

/**
 * The key of each parse result the cache gave or took this process: what a document made from it is
 * known by in the cache folder (see src/compile/metadata-digest-memo.ts).
 */
const keysOfResults = new WeakMap<ParsedDocument, string>();

/** The parse-cache key of a parse result the cache gave or took; undefined for one it never saw. */
export function parseKeyOf(result: ParsedDocument): string | undefined {
  return keysOfResults.get(result);
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
 * The body HTML and the Markdown body of a pack's documents are in a file of their own beside it,
 * read one document at a time the first time a page or an export needs them: a build that keeps a
 * document's outputs reads neither (it keys them by the body's digest, which the pack holds). At
 * 50,000 resources the HTML is 350 MB a one-change build would otherwise load and drop; at 4,000
 * small resources the bodies are two thirds of a pack.
 */
export class ParseCache {
  private readonly dir: string;
  private readonly shards = new Map<number, Shard>();
  /** Keys this build asked for or added, per pack: what the pack keeps when it is rewritten. */
  private readonly used = new Map<number, Set<string>>();
  private readonly dirty = new Set<number>();
  /** The files the packs pointed at when this build read them: kept until the next build writes. */
  private readonly pointedAt = new Set<string>();

  constructor(cacheDir: string, contentDir: string) {
    this.dir = ParseCache.folder(cacheDir, contentDir);
    const root = path.dirname(path.dirname(this.dir));
    const current = path.basename(path.dirname(this.dir));
    // Entries of another compiler can never be used again: drop them rather than let the cache grow.
    for (const stale of fs.existsSync(root) ? fs.readdirSync(root).filter((name) => name !== current) : []) {
      fs.rmSync(path.join(root, stale), { recursive: true, force: true });
    }
  }

  /**
   * Where the entries of `contentDir` parsed by this compiler are: one folder per compiler, then one
   * per content folder, so two sites sharing a cache never evict each other's entries. Absolute: a
   * pack records where its bytes are, and a relative path there would mean another file to a build
   * run from another folder (and would not match the names it keeps; see writePack).
   */
  static folder(cacheDir: string, contentDir: string): string {
    return path.join(
      path.resolve(cacheDir),
      'parse',
      compilerKey().slice(0, 16),
      createHash('sha256').update(path.resolve(contentDir)).digest('hex').slice(0, 16),
    );
  }

  /** A document's key: its kind, its path and the digest of its bytes (sourceDigest). */
  static keyOf(document: Pick<ParseJob, 'kind' | 'file'>, digest: string): string {
    return sha256(`${document.kind}\0${document.file}\0${digest}`);
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
        // A pipe or a device at a pack's path is no pack: refused unread, the pack rebuilt on save.
        const read = readRegularFileSync(this.packPath(shard));
        const packed = read.ok ? deserializeOwning(read.bytes) : undefined;
        entries = packed instanceof Map && this.bytesAreThere(packed) ? this.unpacked(packed) : new Map();
      } catch {
        // Missing or unreadable (an older format, a torn disk): an empty pack, rebuilt on save.
        entries = new Map();
      }
      this.shards.set(shard, entries);
    }
    return entries;
  }

  /**
   * Whether every file a pack points into is there and long enough: one removed by hand (or by a
   * cache restore that lost it, or a cache folder moved) makes the pack count as empty, so its
   * documents are parsed again and the pack rewritten, rather than every later build failing on the
   * missing bytes. A pack of an older shape (no body location) counts as empty too.
   */
  private bytesAreThere(entries: Map<string, PackedDocument>): boolean {
    const needed = new Map<string, number>();
    const need = (at: CacheLocation) => needed.set(at.file, Math.max(needed.get(at.file) ?? 0, at.offset + at.length));
    for (const { rendered, bodyAt, bodyFacts } of entries.values()) {
      if (!isLocation(bodyAt) || !isBodyFacts(bodyFacts)) return false;
      if (rendered && !isPackedRendering(rendered)) return false;
      need(bodyAt);
      if (rendered?.htmlAt) need(rendered.htmlAt);
    }
    for (const [file, bytes] of needed) {
      if ((fs.statSync(file, { throwIfNoEntry: false })?.size ?? -1) < bytes) return false;
      this.pointedAt.add(file);
    }
    return true;
  }

  /** A pack's documents, each body read from the pack's file only when something reads it. */
  private unpacked(packed: Map<string, PackedDocument>): Shard {
    const entries: Shard = new Map();
    for (const [key, { bodyAt, bodyFacts, rendered, ...document }] of packed) {
      // Last, as the pack had it; assigned, not copied: the rest of the entry is this pack's own.
      if (rendered) (document as Omit<ParsedDocument, 'body'>).rendered = unpackRendering(rendered);
      entries.set(key, defineLazyBody(document, joinedFields(bodyFacts, { at: bodyAt, read: readBody })));
    }
    return entries;
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
    const found = this.load(shard).get(key);
    if (found) keysOfResults.set(found, key);
    return found;
  }

  /**
   * Keeps a parse for later builds, unless it ran out of its render budget: how long a render takes
   * and how much stack it has depend on the machine and the thread, so such a document is parsed
   * again next time, and says the same with or without the cache.
   */
  set(key: string, value: ParsedDocument): void {
    if (value.problems.some((problem) => problem.code === 'ParseBudgetExceeded')) return;
    keysOfResults.set(value, key);
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
    const file = path.join(this.dir, `${prefix}${process.pid}-${Math.random().toString(36).slice(2)}.bin`);
    const chunks: Uint8Array[] = [];
    let offset = 0;
    const packed = new Map<string, PackedDocument>();
    // The files entries not parsed this build still point into, each read whole once.
    const oldFiles = new Map<string, Buffer>();
    const bytesIn = (at: CacheLocation): Uint8Array => {
      let whole = oldFiles.get(at.file);
      if (!whole) {
        const read = readRegularFileSync(at.file);
        if (!read.ok) throw new ParseCacheLostError(at.file);
        whole = read.bytes;
        oldFiles.set(at.file, whole);
      }
      if (at.offset + at.length > whole.length) throw new ParseCacheLostError(at.file);
      return whole.subarray(at.offset, at.offset + at.length);
    };
    const append = (bytes: Uint8Array): CacheLocation => {
      chunks.push(bytes);
      offset += bytes.length;
      return { file, offset: offset - bytes.length, length: bytes.length };
    };
    for (const [key, document] of entries) {
      // Field by field: spreading the document would read a body still in the old file.
      const fields: Record<string, unknown> = {};
      for (const name of Object.keys(document) as (keyof ParsedDocument)[])
        if (name !== 'body' && name !== 'rendered') fields[name] = document[name];
      const { rendered } = document;
      // A body still unread is copied from the old file as it is.
      const at = unreadBodyAt(document) as CacheLocation | undefined;
      packed.set(key, {
        ...(fields as Omit<ParsedDocument, 'body' | 'rendered'>),
        bodyAt: append(at ? bytesIn(at) : Buffer.from(document.body, 'utf8')),
        bodyFacts: bodyFactsOf(document),
        ...(rendered
          ? {
              rendered: packRendering(withoutHtml(rendered), {
                htmlAt: append(rendered.htmlAt ? bytesIn(rendered.htmlAt) : packedHtmlOf(rendered)),
              }),
            }
          : {}),
      });
    }
    writeAtomically(file, Buffer.concat(chunks, offset));
    writeAtomically(this.packPath(shard), v8.serialize(packed));
    for (const name of fs.readdirSync(this.dir)) {
      const old = path.join(this.dir, name);
      if (name.startsWith(prefix) && old !== file && !this.pointedAt.has(old)) fs.rmSync(old, { force: true });
    }
  }
}

function isLocation(at: unknown): at is CacheLocation {
  const { file, offset, length } = (at ?? {}) as Partial<CacheLocation>;
  return (
    typeof file === 'string' && path.isAbsolute(file) && Number.isSafeInteger(offset) && Number.isSafeInteger(length)
  );
}

/** A body the cache left in one of its files, read. */
function readBody(at: CacheLocation): string {
  const bytes = bytesAt(at);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8');
}

function isBodyFacts(facts: unknown): facts is BodyFacts {
  const { digest, blank, length } = (facts ?? {}) as Partial<BodyFacts>;
  return typeof digest === 'string' && typeof blank === 'boolean' && Number.isSafeInteger(length);
}
