/**
 * Content files are met twice in one `agentdir build`: digested for the up-to-date check, then
 * parsed. What the check learned is kept until the parse asks: each file's digest (which finds its
 * parse in the cache without reading it again), the file it checked (device and inode, so the parse
 * reads that file or none) and, when the check had to read it, its bytes, so the parse sees exactly
 * the bytes the digest covered, up to a budget: past it a file is read again by the parse.
 */
export interface KeptRead {
  digest: string;
  identity: { dev: bigint; ino: bigint };
  bytes?: Buffer;
}

const kept = new Map<string, KeptRead>();

/**
 * At most this many bytes are kept for the parse: 2,000 documents of 8 KB. A larger site's other
 * files are read again: at 100,000 documents the bytes were 800 MB, all read before the first
 * parse, and the memory they were read into stayed with the process for the rest of the build.
 */
const keptBytesBudget = 16 * 2 ** 20;
let keptBytes = 0;

/** Keeps what the up-to-date check learned of a file it checked and may read (its bytes while the budget allows). */
export function keepChecked(file: string, checked: KeptRead): void {
  const { bytes, ...learned } = checked;
  keptBytes -= kept.get(file)?.bytes?.length ?? 0;
  if (bytes && keptBytes + bytes.length <= keptBytesBudget) {
    kept.set(file, checked);
    keptBytes += bytes.length;
  } else kept.set(file, learned);
}

/**
 * True when the up-to-date check digested this file: it passed the content-file checks right
 * before (the check digests only files it does not refuse), so they need not run again.
 */
export function hasKeptRead(file: string): boolean {
  return kept.has(file);
}

/** The digest the up-to-date check found for a file (see sourceDigest), if it checked it. */
export function keptDigest(file: string): string | undefined {
  return kept.get(file)?.digest;
}

/** The file the up-to-date check let through (its device and inode), if it checked it. */
export function keptIdentity(file: string): KeptRead['identity'] | undefined {
  return kept.get(file)?.identity;
}

/** The bytes the check read of a file, handed over once (then forgotten); undefined when it did not read it. */
export function takeKeptBytes(file: string): Buffer | undefined {
  const entry = kept.get(file);
  const bytes = entry?.bytes;
  if (entry) delete entry.bytes;
  if (bytes) keptBytes -= bytes.length;
  return bytes;
}

/** Drops what was kept (files the parse does not read, such as YAML, and every digest). */
export function forgetKeptReads(): void {
  kept.clear();
  keptBytes = 0;
}
