import fs from 'node:fs';
import path from 'node:path';
import type { OutputFile } from '../emit/output.js';

/** Characters gathered before a streamed file's chunks are written out. */
const writeBufferSize = 1 << 16;

/** Where each keyed part of a written file is: `[key, byte offset, byte length]`, in file order. */
export type PartTable = [key: string, offset: number, length: number][];

/** The keyed parts of the previous build's copy of a file, to copy instead of making them again. */
export interface PreviousParts {
  /** The bytes the previous build wrote for `key`, or null. */
  read(key: string): Buffer | null;
  /** True when the previous build's leak guard looked for what this build's looks for: copied bytes are not looked at again. */
  guarded: boolean;
  close(): void;
}

/**
 * Writes one output file under `root` and returns its size in bytes, and where its keyed parts are;
 * `inspect` sees every chunk before it is written (the premium-leak guard), copied parts included
 * unless the previous build's guard looked for the same sentences in them.
 * `folders` remembers the folders already made. Synchronous and sequential: for thousands of small
 * files that beats thousands of concurrent promises, and streamed chunks keep memory flat whatever
 * the size of the site.
 */
export function writeOutputFile(
  root: string,
  file: OutputFile,
  inspect?: (path: string, chunk: string) => void,
  folders = new Set<string>(),
  previous?: PreviousParts,
): { bytes: number; parts?: PartTable; copied?: number } {
  const target = path.join(root, file.path);
  const folder = path.dirname(target);
  if (!folders.has(folder)) {
    fs.mkdirSync(folder, { recursive: true });
    folders.add(folder);
  }
  if (typeof file.content === 'string') {
    inspect?.(file.path, file.content);
    fs.writeFileSync(target, file.content);
    return { bytes: Buffer.byteLength(file.content) };
  }
  if (file.content instanceof Uint8Array) {
    inspect?.(file.path, Buffer.from(file.content).toString('utf8'));
    fs.writeFileSync(target, file.content);
    return { bytes: file.content.length };
  }
  const descriptor = fs.openSync(target, 'w');
  let bytes = 0;
  const parts: PartTable = [];
  let copied = 0;
  // Chunks are often one NDJSON line: gathered into one system call, not one each (and not copied together).
  let pending: Buffer[] = [];
  let pendingLength = 0;
  const flush = () => {
    if (!pendingLength) return;
    fs.writevSync(descriptor, pending);
    pending = [];
    pendingLength = 0;
  };
  try {
    for (const chunk of file.content) {
      let bytesOfChunk: Buffer;
      if (typeof chunk === 'string') {
        inspect?.(file.path, chunk);
        bytesOfChunk = Buffer.from(chunk);
      } else {
        const previousBytes = previous?.read(chunk.key);
        const text = previousBytes ? null : chunk.make();
        if (previousBytes) copied++;
        if (inspect && (text !== null || !previous!.guarded))
          inspect(file.path, text ?? previousBytes!.toString('utf8'));
        bytesOfChunk = previousBytes ?? Buffer.from(text!);
        parts.push([chunk.key, bytes, bytesOfChunk.length]);
      }
      pending.push(bytesOfChunk);
      pendingLength += bytesOfChunk.length;
      bytes += bytesOfChunk.length;
      if (pendingLength >= writeBufferSize) flush();
    }
    flush();
  } finally {
    fs.closeSync(descriptor);
    previous?.close();
  }
  return parts.length ? { bytes, parts, copied } : { bytes };
}
