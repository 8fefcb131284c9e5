/**
 * Content files are met twice in one `agentdir build`: digested for the up-to-date check, then
 * parsed. What the check learned is kept until the parse asks: each file's digest (which finds its
 * parse in the cache without reading it again), the file it checked (device and inode, so the parse
 * reads that file or none) and, when the check had to read it, its bytes, so the parse sees exactly
 * the bytes the digest covered.
 */
export interface KeptRead {
  digest: string;
  identity: { dev: bigint; ino: bigint };
  bytes?: Buffer;
}

const kept = new Map<string, KeptRead>();

/** Keeps what the up-to-date check learned of a file it checked and may read. */
export function keepChecked(file: string, checked: KeptRead): void {
  kept.set(file, checked);
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
  return bytes;
}

/** Drops what was kept (files the parse does not read, such as YAML, and every digest). */
export function forgetKeptReads(): void {
  kept.clear();
}
