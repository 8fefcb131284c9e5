import fs from 'node:fs';
import path from 'node:path';
import { readRegularFileSync } from './regular-file.js';
import { writeAtomically } from './write-atomically.js';

// The tables the build keeps in its cache folder (file digests, metadata digests, content-check
// findings, premium sentences, crawler patterns) are JSON files that only ever cost time: one that
// cannot be read is built again, one that cannot be written is written by a later build.

/** The JSON `file` holds; undefined when it is missing, no regular file (never waited on), or not JSON. */
export function readCacheJson(file: string): unknown {
  try {
    const read = readRegularFileSync(file);
    return read.ok ? (JSON.parse(read.bytes.toString('utf8')) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** Writes `value` to `file` as JSON, whole or not at all (writeAtomically), making its folder. Never throws. */
export function writeCacheJson(file: string, value: unknown): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    writeAtomically(file, JSON.stringify(value));
  } catch {
    // Only time is lost: the next build makes what the file would have held.
  }
}
