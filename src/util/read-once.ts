import fs from 'node:fs';

/**
 * Content files are read twice in one `agentdir build`: whole, to digest every input for the
 * up-to-date check, then as text to parse. The bytes of the first read are kept until the second
 * asks for them, which also makes the parse see exactly the bytes the digest covered.
 */
const kept = new Map<string, Buffer>();

/** Reads a file's bytes and keeps them for one later `readText` of the same path. */
export function readAndKeep(file: string): Buffer {
  const bytes = fs.readFileSync(file);
  kept.set(file, bytes);
  return bytes;
}

/**
 * True when this file's bytes were read and kept: it passed the content-file checks right before
 * (the up-to-date check reads only files it does not refuse), so they need not run again.
 */
export function hasKeptRead(file: string): boolean {
  return kept.has(file);
}

/** A file's bytes: from a kept read when there is one (and then forgotten), else from disk. */
export function readBytes(file: string): Buffer {
  const bytes = kept.get(file);
  if (!bytes) return fs.readFileSync(file);
  kept.delete(file);
  return bytes;
}

/** Drops kept reads nobody asked for (files the parse does not read, such as YAML). */
export function forgetKeptReads(): void {
  kept.clear();
}
