/**
 * The most characters of static files one isolate (on `agentdir serve`, the process) keeps parsed:
 * 16 MiB of their text. Text length stands in for the size of the parsed value, which V8 holds in
 * one to three times as many bytes (a JSON variant, mostly long strings, about 1.1 times its text; a
 * search term shard, arrays of small numbers, about 2.9 times): about 46 MiB at worst, beside the
 * answers of /mcp (16 MiB, `answerBudgetBytes`) in a 128 MB isolate. One query reads under a
 * megabyte of files even at 50,000 resources, so this keeps the files of a few dozen queries.
 */
export const assetCacheBytes = 16 * 1024 * 1024;

/** A parsed file and the characters of its text (0 while it is being read). */
interface Entry {
  value: Promise<unknown>;
  characters: number;
}

/** What a loader gives: the parsed value, and the characters of the text it was parsed from. */
export interface Loaded<T> {
  value: T;
  characters: number;
}

/**
 * Parsed files by path, least recently used first, kept while their text adds up to `limit`
 * characters at most. A file larger than the whole limit is served to those who asked for it, never kept.
 */
export class AssetCache {
  private readonly entries = new Map<string, Entry>();
  private characters = 0;

  constructor(readonly limit: number) {}

  /** Characters of the files kept now. */
  get size(): number {
    return this.characters;
  }

  has(path: string): boolean {
    return this.entries.has(path);
  }

  /** The file at `path`, kept or read now by `load`; readers asking at once share one read. */
  get<T>(path: string, load: () => Promise<Loaded<T>>): Promise<T> {
    const kept = this.entries.get(path);
    if (kept) {
      // A Map iterates in insertion order: set again, the entry is the most recently used.
      this.entries.delete(path);
      this.entries.set(path, kept);
      return kept.value as Promise<T>;
    }
    const loading = load();
    const entry: Entry = { value: loading.then((loaded) => loaded.value), characters: 0 };
    this.entries.set(path, entry);
    loading.then(
      (loaded) => this.settle(path, entry, loaded.characters),
      () => this.forget(path, entry),
    );
    return entry.value as Promise<T>;
  }

  /** Counts a read file, then lets go of the least recently used files until the kept ones fit. */
  private settle(path: string, entry: Entry, characters: number): void {
    if (this.entries.get(path) !== entry) return;
    if (characters > this.limit) {
      this.entries.delete(path);
      return;
    }
    entry.characters = characters;
    this.characters += characters;
    for (const [oldest, kept] of this.entries) {
      if (this.characters <= this.limit) break;
      // Files still being read hold nothing counted yet; the file just read fits on its own.
      if (kept === entry || kept.characters === 0) continue;
      this.forget(oldest, kept);
    }
  }

  private forget(path: string, entry: Entry): void {
    if (this.entries.get(path) !== entry) return;
    this.entries.delete(path);
    this.characters -= entry.characters;
  }
}
