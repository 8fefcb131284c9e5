import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { ContentModel } from '../content/model.js';
import type { KeyedSearchPart } from '../emit/helpers/merged-postings.js';
import { patchedUpTo } from '../emit/helpers/patch-postings.js';
import {
  type MergedPostings,
  type SearchPart,
  type SearchPartStore,
  totalsPerDocument,
} from '../emit/helpers/search-part.js';
import type { SearchView } from '../emit/helpers/search-passages.js';
import { searchRoots } from '../shared/search/index-format.js';
import { type RegularRead, readRegularFile, readRegularFileSync } from '../util/regular-file.js';
import { writeAtomically } from '../util/write-atomically.js';
import { deserializeOwning } from '../util/deserialize-owning.js';
import { compilerKey } from '../cache/compiler-key.js';
import { sha256 } from '../util/sha256.js';

/** Every audience an index is made for. */
const searchViews = Object.keys(searchRoots) as SearchView[];

/** Parts are spread over this many pack files by the first byte of their (hex) key: one changed document rewrites one or two. */
const packCount = 16;

type Pack = Map<string, SearchPart>;

/**
 * Documents' parts of the full-text index (SearchPart), kept in the cache folder between builds so
 * a build cuts and stems the words of changed documents only. One folder per compiler and content
 * folder, like the parse cache; a pack is read whole on first use and rewritten only when this
 * build added parts to it or no longer used some of its parts, so those of deleted or edited
 * documents do not linger. A pack that cannot be read or written only costs the work it would save.
 * Beside the packs, each index's merged postings (MergedPostings): a build that patches them keeps
 * its unchanged documents' parts unread, and a pack it never opens then stays as it is until a
 * build that reads it (old parts in it linger that long). A build that patched in a few documents
 * writes only those documents' parts beside the merged postings (a PostingsPatch), not the merged
 * postings again (some 24 MB at 4,000 resources of 4 KB); the next build patches in those with its own.
 */
export class SearchPartCache implements SearchPartStore {
  private readonly dir: string;
  private readonly packs = new Map<number, Pack>();
  private readonly used = new Map<number, Set<string>>();
  private readonly dirty = new Set<number>();
  /** Merged postings to write on save, by view, with the patch that made them; null: the files go. */
  private readonly merged = new Map<
    SearchView,
    { postings: MergedPostings; patch?: ReadonlyMap<number, KeyedSearchPart> } | null
  >();
  /** The digest of the merged postings mergedPostings read for each view: what a patch is written against. */
  private readonly bases = new Map<SearchView, string>();
  /** Reads of the merged postings and patches started by `prefetch`, by file, then what they read. */
  private readonly early = new Map<string, Promise<RegularRead>>();
  private readonly prefetched = new Map<string, RegularRead>();
  /** Parts this build found here, and parts it made (`agentdir build --timings` prints them). */
  readonly counts = { kept: 0, made: 0 };

  constructor(cacheDir: string, model: ContentModel) {
    const root = path.join(cacheDir, 'search');
    const current = compilerKey().slice(0, 16);
    // Parts of another compiler are never read again.
    for (const stale of fs.existsSync(root) ? fs.readdirSync(root).filter((name) => name !== current) : [])
      fs.rmSync(path.join(root, stale), { recursive: true, force: true });
    this.dir = path.join(
      root,
      current,
      createHash('sha256').update(path.resolve(model.dir)).digest('hex').slice(0, 16),
    );
  }

  private packOf(key: string): number {
    return Number.parseInt(key.slice(0, 2), 16) % packCount;
  }

  private packPath(pack: number): string {
    return path.join(this.dir, `pack-${String(pack).padStart(2, '0')}.bin`);
  }

  private load(pack: number): Pack {
    let parts = this.packs.get(pack);
    if (!parts) {
      // Missing, torn or of an older layout: an empty pack, written again on save.
      parts = this.readValue(this.packPath(pack), (value): value is Pack => value instanceof Map) ?? new Map();
      this.packs.set(pack, parts);
      if (!this.used.has(pack)) this.used.set(pack, new Set());
    }
    return parts;
  }

  /** Counts `key` as used by this build, once: a chunk's content may ask again for a part the index read. */
  private markUsed(key: string): void {
    const pack = this.packOf(key);
    let used = this.used.get(pack);
    if (!used) {
      used = new Set();
      this.used.set(pack, used);
    }
    if (used.has(key)) return;
    used.add(key);
    this.counts.kept++;
  }

  private mergedPath(view: SearchView): string {
    return path.join(this.dir, `merged-${view}.bin`);
  }

  private patchPath(view: SearchView): string {
    return path.join(this.dir, `patch-${view}.bin`);
  }

  get(key: string): SearchPart | undefined {
    const pack = this.packOf(key);
    const part = this.load(pack).get(key);
    if (part) this.markUsed(key);
    return part;
  }

  keep(key: string): void {
    this.markUsed(key);
  }

  set(key: string, part: SearchPart): void {
    const pack = this.packOf(key);
    this.load(pack).set(key, part);
    this.used.get(pack)!.add(key);
    this.dirty.add(pack);
    this.counts.made++;
  }

  /**
   * Starts reading every index's merged postings and patch (some 24 MB at 4,000 resources of 4 KB)
   * while the build makes other outputs; `settle` waits for them before the index is made.
   */
  prefetch(): void {
    for (const view of searchViews)
      for (const file of [this.mergedPath(view), this.patchPath(view)])
        this.early.set(
          file,
          readRegularFile(file).catch(
            (): RegularRead => ({ ok: false, refusal: { reason: 'unreadable', code: 'EIO' } }),
          ),
        );
  }

  async settle(): Promise<void> {
    for (const [file, read] of this.early) this.prefetched.set(file, await read);
    this.early.clear();
  }

  /** `file`'s bytes as `prefetch` read them, once; else read now. */
  private bytesOf(file: string): RegularRead {
    const read = this.prefetched.get(file);
    this.prefetched.delete(file);
    return read ?? readRegularFileSync(file);
  }

  mergedPostings(
    view: SearchView,
  ): { postings: MergedPostings; patch: ReadonlyMap<number, KeyedSearchPart> } | undefined {
    // Torn or of an older layout: the index is merged from every part.
    const merged = this.readValue(this.mergedPath(view), isMergedPostings);
    if (!merged) return undefined;
    const base = digestOf(merged);
    this.bases.set(view, base);
    const patch = this.readValue(this.patchPath(view), isPostingsPatch);
    // A patch of other merged postings (a cache half restored) is left out: the build patches in what differs.
    const applies = patch?.base === base && [...patch.changed.keys()].every((n) => n < merged.keys.length);
    return { postings: merged, patch: applies ? patch.changed : new Map() };
  }

  /** What `file` holds, when it is there and of the shape `valid` checks; else undefined. */
  private readValue<T>(file: string, valid: (value: unknown) => value is T): T | undefined {
    try {
      const read = this.bytesOf(file);
      const value: unknown = read.ok ? deserializeOwning(read.bytes) : undefined;
      return valid(value) ? value : undefined;
    } catch {
      return undefined;
    }
  }

  setMergedPostings(
    view: SearchView,
    merged: MergedPostings | null,
    patch?: ReadonlyMap<number, KeyedSearchPart>,
  ): void {
    this.merged.set(view, merged ? { postings: merged, ...(patch ? { patch } : {}) } : null);
  }

  /**
   * Writes the packs this build changed, with only the parts it used, and the merged postings; drops
   * packs it used nothing of, and merged postings it did not set; lets go of what it holds (a later
   * `get` reads its pack again). Never throws.
   */
  save(): void {
    for (const [pack, parts] of this.packs) {
      const used = this.used.get(pack)!;
      if (!this.dirty.has(pack) && used.size === parts.size) continue;
      for (const key of parts.keys()) if (!used.has(key)) parts.delete(key);
      try {
        fs.mkdirSync(this.dir, { recursive: true });
        if (parts.size) writeAtomically(this.packPath(pack), v8.serialize(parts));
        else fs.rmSync(this.packPath(pack), { force: true });
      } catch {
        // The next build makes these parts again.
      }
    }
    for (const [view, merged] of this.merged)
      try {
        fs.mkdirSync(this.dir, { recursive: true });
        const base = this.bases.get(view);
        const changed = merged?.patch;
        if (base && changed && changed.size <= patchedUpTo)
          writeAtomically(this.patchPath(view), v8.serialize({ base, changed } satisfies PostingsPatch));
        else {
          // Merged postings first: until the old patch is gone, it no longer matches them.
          if (merged) writeAtomically(this.mergedPath(view), v8.serialize(merged.postings));
          else fs.rmSync(this.mergedPath(view), { force: true });
          fs.rmSync(this.patchPath(view), { force: true });
        }
      } catch {
        // The next build merges every part.
      }
    this.dirty.clear();
    const used = new Set(this.used.keys());
    const views = new Set<string>(this.merged.keys());
    this.packs.clear();
    this.used.clear();
    this.merged.clear();
    this.bases.clear();
    this.prefetched.clear();
    try {
      for (const name of fs.existsSync(this.dir) ? fs.readdirSync(this.dir) : []) {
        const pack = /^pack-(\d+)\.bin$/.exec(name)?.[1];
        const view = /^(?:merged|patch)-(\w+)\.bin$/.exec(name)?.[1];
        if ((pack !== undefined && !used.has(Number(pack))) || (view !== undefined && !views.has(view)))
          fs.rmSync(path.join(this.dir, name), { force: true });
      }
    } catch {
      // Left for the next build to drop.
    }
  }
}

/**
 * The documents a build patched into the merged postings on file (their digest, `base`), with
 * their parts: what the next build applies to those merged postings as it reads them.
 */
interface PostingsPatch {
  base: string;
  changed: ReadonlyMap<number, KeyedSearchPart>;
}

/** Merged postings are a function of their documents' part keys: the digest of those names them. */
function digestOf(merged: MergedPostings): string {
  return sha256(merged.keys.join('\0'));
}

function isPostingsPatch(value: unknown): value is PostingsPatch {
  if (typeof value !== 'object' || value === null) return false;
  const { base, changed } = value as Partial<PostingsPatch>;
  if (typeof base !== 'string' || !(changed instanceof Map)) return false;
  for (const [n, entry] of changed) {
    const { key, part } = (entry ?? {}) as Partial<KeyedSearchPart>;
    if (!Number.isSafeInteger(n) || n < 0 || typeof key !== 'string' || !isSearchPart(part)) return false;
  }
  return true;
}

function isSearchPart(part: unknown): part is SearchPart {
  if (typeof part !== 'object' || part === null) return false;
  const { document, passages, terms, frequencies } = part as Partial<SearchPart>;
  return (
    typeof document === 'object' &&
    document !== null &&
    passages instanceof Uint32Array &&
    typeof terms === 'string' &&
    (frequencies instanceof Uint8Array || frequencies instanceof Uint16Array || frequencies instanceof Uint32Array)
  );
}

/** Merged postings as a build wrote them, whole and consistent: anything else is not patched but merged again. */
function isMergedPostings(value: unknown): value is MergedPostings {
  if (typeof value !== 'object' || value === null) return false;
  const { keys, totals, documents, terms, starts, all } = value as Partial<MergedPostings>;
  if (!Array.isArray(keys) || !Array.isArray(terms) || !Array.isArray(documents)) return false;
  if (documents.length !== keys.length || !documents.every((text) => typeof text === 'string')) return false;
  if (!(totals instanceof Float64Array && starts instanceof Uint32Array && all instanceof Uint32Array)) return false;
  if (
    totals.length !== keys.length * totalsPerDocument ||
    starts.length !== terms.length + 1 ||
    starts[terms.length] !== all.length
  )
    return false;
  for (let id = 0; id < terms.length; id++) if (starts[id]! > starts[id + 1]! || starts[id]! % 4) return false;
  for (let at = 0; at < all.length; at += 4) if (all[at]! >= keys.length) return false;
  return true;
}
