import { createHash } from 'node:crypto';
import { readCacheJson, writeCacheJson } from '../util/cache-json.js';
import fs from 'node:fs';
import { readRegularFileSync } from '../util/regular-file.js';
import { isObject } from '../shared/json-shapes.js';
import path from 'node:path';

/** A file's content digest: what the input key and the parse cache's keys are made of. */
export function sourceDigest(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * A file whose status changed this recently may change again within the same timestamp tick
 * (a few ms on ext4, 2 s on FAT): its digest is not remembered, so the next build reads it again.
 */
const settleNs = 2_000_000_000n;

/** Bumped when the table's layout changes; a table of another version is ignored. */
const tableVersion = 1;

type Table = Record<string, [identity: string, digest: string]>;

/**
 * The status fields that change whenever a file's content does. The change time (ctime) cannot be
 * set back by anyone but the kernel, so a file rewritten with its old size and mtime (rsync -t,
 * `touch -d`) still looks changed; a file replaced by rename has a new inode.
 */
function identityOf(stat: fs.BigIntStats): string {
  return `${stat.ino}/${stat.size}/${stat.mtimeNs}/${stat.ctimeNs}`;
}

/**
 * Each input file's digest, remembered between builds under the file's status, the way git's index
 * remembers a checked-out file: a build reads only the files whose status changed since, not every
 * file of the site. Kept in the cache folder, one table per content folder; a table that cannot be
 * read or written only costs the reads it would have saved.
 */
export class SourceDigests {
  private readonly file: string;
  private readonly previous: Table;
  private readonly next: Table = Object.create(null);
  private changed = false;

  /** `now` is the clock the settle rule compares status change times with (a test's to set). */
  constructor(
    cacheDir: string,
    contentDir: string,
    private readonly now: () => bigint = () => BigInt(Date.now()) * 1_000_000n,
  ) {
    const name = createHash('sha256').update(path.resolve(contentDir)).digest('hex').slice(0, 16);
    this.file = path.join(cacheDir, 'sources', `${name}.json`);
    this.previous = readTable(this.file);
  }

  /**
   * The digest of `file` as it is now: remembered when its status is as when it was last digested,
   * else read and digested (and its bytes returned, so nobody reads the file twice). Null when the
   * file is no longer the regular file `stat` describes (swapped for another, or for a pipe): it is
   * then not read here, and the parse that follows checks it again and says why.
   */
  digestOf(file: string, stat: fs.BigIntStats, maxBytes?: number): { digest: string; bytes?: Buffer } | null {
    const identity = identityOf(stat);
    const known = this.previous[file];
    if (known?.[0] === identity) {
      this.next[file] = known;
      return { digest: known[1] };
    }
    const read = readRegularFileSync(file, { sameAs: stat, ...(maxBytes !== undefined ? { maxBytes } : {}) });
    if (!read.ok) return null;
    const { bytes } = read;
    const digest = sourceDigest(bytes);
    // Only a status older than the settle time can vouch for the bytes, and only if it held while they were read.
    if (this.now() - stat.ctimeNs > settleNs && identityOf(fs.statSync(file, { bigint: true })) === identity) {
      this.next[file] = [identity, digest];
      this.changed = true;
    }
    return { digest, bytes };
  }

  /** Writes the table when it changed: only the files digested this time, so removed files do not linger. Never throws. */
  save(): void {
    if (!this.changed && Object.keys(this.next).length === Object.keys(this.previous).length) return;
    // Only time is lost if it cannot be written: the next build reads every file again.
    writeCacheJson(this.file, { version: tableVersion, files: this.next });
  }
}

function readTable(file: string): Table {
  const parsed = readCacheJson(file);
  const table: Table = Object.create(null);
  if (!isObject(parsed) || parsed.version !== tableVersion || !isObject(parsed.files)) return table;
  for (const [name, entry] of Object.entries(parsed.files))
    if (Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string')
      table[name] = [entry[0], entry[1]];
  return table;
}
