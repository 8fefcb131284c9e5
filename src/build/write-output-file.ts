import fs from 'node:fs';
import path from 'node:path';
import type { OutputFile } from '../emit/output.js';

/** Characters gathered before a streamed file's chunks are written out. */
const writeBufferSize = 1 << 16;

/**
 * Writes one output file under `root` and returns its size in bytes; `inspect` sees every chunk
 * before it is written (the premium-leak guard). `folders` remembers the folders already made.
 * Synchronous and sequential: for thousands of small files that beats thousands of concurrent
 * promises, and streamed chunks keep memory flat whatever the size of the site.
 */
export function writeOutputFile(
  root: string,
  file: OutputFile,
  inspect?: (path: string, chunk: string) => void,
  folders = new Set<string>(),
): number {
  const target = path.join(root, file.path);
  const folder = path.dirname(target);
  if (!folders.has(folder)) {
    fs.mkdirSync(folder, { recursive: true });
    folders.add(folder);
  }
  if (typeof file.content === 'string') {
    inspect?.(file.path, file.content);
    fs.writeFileSync(target, file.content);
    return Buffer.byteLength(file.content);
  }
  const descriptor = fs.openSync(target, 'w');
  let bytes = 0;
  // Chunks are often one NDJSON line: gathered into larger writes, not one system call each.
  let pending: string[] = [];
  let pendingLength = 0;
  const flush = () => {
    if (!pendingLength) return;
    bytes += fs.writeSync(descriptor, pending.join(''));
    pending = [];
    pendingLength = 0;
  };
  try {
    for (const chunk of file.content) {
      inspect?.(file.path, chunk);
      pending.push(chunk);
      pendingLength += chunk.length;
      if (pendingLength >= writeBufferSize) flush();
    }
    flush();
  } finally {
    fs.closeSync(descriptor);
  }
  return bytes;
}
