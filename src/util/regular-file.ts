import fs from 'node:fs';

/** What stands at a path in place of a regular file, in the words messages use. */
export type SpecialKind =
  | 'named pipe (FIFO)'
  | 'socket'
  | 'character device'
  | 'block device'
  | 'folder'
  | 'special file';

/** Why a path was not read as a regular file. Nothing of it was read, and nothing waited on it. */
export type FileRefusal =
  | { reason: 'missing' }
  /** A pipe, socket, device or folder; `throughLink` when the path is a symlink to it. */
  | { reason: 'not-regular'; kind: SpecialKind; throughLink: boolean }
  /** A symlink, where the caller allows none. */
  | { reason: 'link' }
  | { reason: 'broken-link' }
  /** A symlink that leads back to itself (ELOOP). */
  | { reason: 'link-loop' }
  | { reason: 'too-large'; bytes: number; limitBytes: number }
  /** The open was refused by the system (EACCES, EPERM, EIO ...): `code` says which. */
  | { reason: 'unreadable'; code: string }
  /** Not the file the caller checked a moment before (replaced in between). */
  | { reason: 'changed' };

export interface RegularFileOptions {
  /** Refuse a symlink rather than follow it (a lock file is ours, never a link). Default: follow. */
  followLinks?: boolean;
  /** Refuse a file larger than this, unread. */
  maxBytes?: number;
  /** The device and inode the caller checked: any other file at the path is refused as `changed`. */
  sameAs?: { dev: bigint; ino: bigint };
}

export type RegularRead = { ok: true; bytes: Buffer; stat: fs.BigIntStats } | { ok: false; refusal: FileRefusal };
export type RegularOpen = { ok: true; fd: number; stat: fs.BigIntStats } | { ok: false; refusal: FileRefusal };

// O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for one. Windows has
// neither flag (and no FIFOs in the file system); there a symlink is judged by lstat before the open.
const nonBlocking = fs.constants.O_NONBLOCK ?? 0;
const noFollow = fs.constants.O_NOFOLLOW;

/** One read's buffer at most: a file of gigabytes is read in pieces rather than asked for in one allocation. */
const maxChunkBytes = 64 * 2 ** 20;

function openFlags(options: RegularFileOptions): number {
  return fs.constants.O_RDONLY | nonBlocking | (options.followLinks === false && noFollow ? noFollow : 0);
}

/** What the file system holds in place of a regular file, from the status of what was opened. */
export function specialKindOf(stat: fs.Stats | fs.BigIntStats): SpecialKind {
  if (stat.isFIFO()) return 'named pipe (FIFO)';
  if (stat.isSocket()) return 'socket';
  if (stat.isCharacterDevice()) return 'character device';
  if (stat.isBlockDevice()) return 'block device';
  if (stat.isDirectory()) return 'folder';
  return 'special file';
}

function isLink(file: string): boolean {
  try {
    return fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
  } catch {
    return false;
  }
}

/** Why the open of `file` failed, as a refusal; the lstat here only words it, it decides nothing. */
function refusalOfOpenError(file: string, error: unknown, options: RegularFileOptions): FileRefusal {
  const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return isLink(file) ? { reason: 'broken-link' } : { reason: 'missing' };
    case 'ELOOP':
    case 'EMLINK':
      // With O_NOFOLLOW, a symlink as the last part of the path fails the same way as a loop.
      return options.followLinks === false && isLink(file) ? { reason: 'link' } : { reason: 'link-loop' };
    case 'ENXIO':
    case 'EISDIR': {
      // A socket cannot be opened at all; a folder only for writing. Neither was opened, so stat says which.
      let stat: fs.Stats | undefined;
      try {
        stat = fs.statSync(file, { throwIfNoEntry: false });
      } catch {
        return { reason: 'unreadable', code };
      }
      return stat
        ? { reason: 'not-regular', kind: specialKindOf(stat), throughLink: isLink(file) }
        : { reason: 'missing' };
    }
    default:
      return { reason: 'unreadable', code };
  }
}

/** The refusal for what was opened, or null when it may be read. */
function refusalOfOpened(file: string, stat: fs.BigIntStats, options: RegularFileOptions): FileRefusal | null {
  if (!stat.isFile()) return { reason: 'not-regular', kind: specialKindOf(stat), throughLink: isLink(file) };
  if (options.sameAs && (stat.dev !== options.sameAs.dev || stat.ino !== options.sameAs.ino))
    return { reason: 'changed' };
  if (options.maxBytes !== undefined && stat.size > BigInt(options.maxBytes))
    return { reason: 'too-large', bytes: Number(stat.size), limitBytes: options.maxBytes };
  return null;
}

/**
 * Opens `file` for reading only if it is a regular file: opened without blocking (a FIFO never holds
 * the open), then judged by the status of the descriptor itself, so a file swapped for a pipe between
 * a check and the open is still refused. The caller closes `fd`.
 */
export function openRegularFileSync(file: string, options: RegularFileOptions = {}): RegularOpen {
  if (options.followLinks === false && !noFollow && isLink(file)) return { ok: false, refusal: { reason: 'link' } };
  let fd: number;
  try {
    fd = fs.openSync(file, openFlags(options));
  } catch (error) {
    return { ok: false, refusal: refusalOfOpenError(file, error, options) };
  }
  const stat = fs.fstatSync(fd, { bigint: true });
  const refusal = refusalOfOpened(file, stat, options);
  if (refusal) {
    fs.closeSync(fd);
    return { ok: false, refusal };
  }
  return { ok: true, fd, stat };
}

/**
 * A regular file's bytes (see openRegularFileSync), read to its end but never past `maxBytes`: a file
 * that grows while it is read is refused as too large rather than read without end.
 */
export function readRegularFileSync(file: string, options: RegularFileOptions = {}): RegularRead {
  const opened = openRegularFileSync(file, options);
  if (!opened.ok) return opened;
  const { fd, stat } = opened;
  try {
    const limit = options.maxBytes ?? Number.MAX_SAFE_INTEGER;
    const chunks: Buffer[] = [];
    let total = 0;
    // The size is a hint: /proc files say 0, and a file may change while it is read.
    let chunk = Buffer.allocUnsafe(Math.min(Math.max(Number(stat.size) + 1, 8192), limit + 1, maxChunkBytes));
    for (;;) {
      const read = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
      if (total > limit) return { ok: false, refusal: { reason: 'too-large', bytes: total, limitBytes: limit } };
      // Read to the size the status gave, as readFileSync does: one read for a whole file, not two.
      if (total === Number(stat.size)) break;
      if (read === chunk.length) chunk = Buffer.allocUnsafe(Math.min(chunk.length * 2, maxChunkBytes));
      else chunk = chunk.subarray(read);
    }
    return { ok: true, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total), stat };
  } finally {
    fs.closeSync(fd);
  }
}

/** readRegularFileSync for callers that must not hold the thread while the disk answers. */
export async function readRegularFile(file: string, options: RegularFileOptions = {}): Promise<RegularRead> {
  if (options.followLinks === false && !noFollow && isLink(file)) return { ok: false, refusal: { reason: 'link' } };
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, openFlags(options));
  } catch (error) {
    return { ok: false, refusal: refusalOfOpenError(file, error, options) };
  }
  try {
    const stat = await handle.stat({ bigint: true });
    const refusal = refusalOfOpened(file, stat, options);
    if (refusal) return { ok: false, refusal };
    const limit = options.maxBytes ?? Number.MAX_SAFE_INTEGER;
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(
        Math.min(Math.max(Number(stat.size) + 1 - total, 8192), limit + 1 - total, maxChunkBytes),
      );
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > limit) return { ok: false, refusal: { reason: 'too-large', bytes: total, limitBytes: limit } };
      // As readRegularFileSync: done at the size the status gave, in one read and without a copy
      // (the search index's merged postings are 24 MB at 4,000 resources).
      if (total === Number(stat.size)) break;
    }
    return { ok: true, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total), stat };
  } finally {
    await handle.close();
  }
}

/** A refusal in words, after the file's name: "is a named pipe (FIFO), not a regular file". */
export function describeRefusal(refusal: FileRefusal): string {
  switch (refusal.reason) {
    case 'missing':
      return 'does not exist';
    case 'not-regular':
      return refusal.throughLink
        ? `is a symlink to a ${refusal.kind}, not to a regular file`
        : `is a ${refusal.kind}, not a regular file`;
    case 'link':
      return 'is a symlink, where a regular file is expected';
    case 'broken-link':
      return 'is a symlink to nothing (its target does not exist)';
    case 'link-loop':
      return 'is a symlink that loops back on itself';
    case 'too-large':
      return `is ${refusal.bytes} bytes, over the ${refusal.limitBytes} this file may have`;
    case 'unreadable':
      return `cannot be opened (${refusal.code})`;
    case 'changed':
      return 'was replaced while it was being read';
  }
}
