import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { ContentModel } from '../content/model.js';
import type { SearchPart, SearchPartStore } from '../emit/helpers/search-part.js';
import { readRegularFileSync } from '../util/regular-file.js';
import { writeAtomically } from '../util/write-atomically.js';
import { deserializeOwning } from '../util/deserialize-owning.js';
import { compilerKey } from '../cache/compiler-key.js';

/** Parts are spread over this many pack files by the first byte of their (hex) key: one changed document rewrites one or two. */
const packCount = 16;

type Pack = Map<string, SearchPart>;

/**
 * Documents' parts of the full-text index (SearchPart), kept in the cache folder between builds so
 * a build cuts and stems the words of changed documents only. One folder per compiler and content
 * folder, like the parse cache; a pack is read whole on first use and rewritten only when this
 * build added parts to it or no longer used some of its parts, so those of deleted or edited
 * documents do not linger. A pack that cannot be read or written only costs the work it would save.
 */
export class SearchPartCache implements SearchPartStore {
  private readonly dir: string;
  private readonly packs = new Map<number, Pack>();
  private readonly used = new Map<number, Set<string>>();
  private readonly dirty = new Set<number>();
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
      try {
        const read = readRegularFileSync(this.packPath(pack));
        parts = read.ok ? (deserializeOwning(read.bytes) as Pack) : new Map();
        if (!(parts instanceof Map)) parts = new Map();
      } catch {
        // Missing, torn or of an older layout: an empty pack, written again on save.
        parts = new Map();
      }
      this.packs.set(pack, parts);
      this.used.set(pack, new Set());
    }
    return parts;
  }

  get(key: string): SearchPart | undefined {
    const pack = this.packOf(key);
    const part = this.load(pack).get(key);
    if (part) {
      this.used.get(pack)!.add(key);
      this.counts.kept++;
    }
    return part;
  }

  set(key: string, part: SearchPart): void {
    const pack = this.packOf(key);
    this.load(pack).set(key, part);
    this.used.get(pack)!.add(key);
    this.dirty.add(pack);
    this.counts.made++;
  }

  /**
   * Writes the packs this build changed, with only the parts it used, drops packs it never opened,
   * and lets go of the parts it holds (a later `get` reads its pack again). Never throws.
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
    this.dirty.clear();
    const opened = new Set(this.packs.keys());
    this.packs.clear();
    this.used.clear();
    try {
      for (const name of fs.existsSync(this.dir) ? fs.readdirSync(this.dir) : []) {
        const pack = /^pack-(\d+)\.bin$/.exec(name)?.[1];
        if (pack !== undefined && !opened.has(Number(pack))) fs.rmSync(path.join(this.dir, name), { force: true });
      }
    } catch {
      // Left for the next build to drop.
    }
  }
}
