import fs from 'node:fs';

/**
 * Content files are met twice in one `agentdir build`: digested for the up-to-date check, then
 * parsed. What the check learned is kept until the parse asks: each file's digest (which finds its
 * parse in the cache without reading it again) and, when the check had to read it, its bytes, so
 * the parse sees exactly the bytes the digest covered.
 */
const kept = new Map<string, { digest: string; bytes?: Buffer }>();

/** Keeps what the up-to-date check learned of a file it checked and may read. */
export function keepChecked(file: string, checked: { digest: string; bytes?: Buffer }): void {
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

/** A file's bytes: from the check's read when there is one (and then forgotten), else from disk. */
export function readBytes(file: string): Buffer {
  const entry = kept.get(file);
  if (!entry?.bytes) return fs.readFileSync(file);
  const { bytes } = entry;
  delete entry.bytes;
  return bytes;
}

/** Drops what was kept (files the parse does not read, such as YAML, and every digest). */
export function forgetKeptReads(): void {
  kept.clear();
}
