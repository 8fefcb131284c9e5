import fs from 'node:fs';
import path from 'node:path';
import type { OutputFile } from '../emit/output.js';

export interface WrittenFile {
  path: string;
  bytes: number;
  /** For a document's own outputs: what they were made from, so the next build can reuse them. */
  key?: string;
}

/**
 * The build's output, written file by file beside `outDir` and swapped in with two renames at the
 * end. Until `commit`, the previous output is untouched; `abort` removes every trace of the attempt.
 * Writes are synchronous and sequential: for thousands of small files that beats thousands of
 * concurrent promises, and streamed chunks keep memory flat whatever the size of the site.
 */
export class StagedOutput {
  readonly target: string;
  readonly dir: string;
  private readonly retired: string;
  private readonly folders = new Set<string>();

  constructor(outDir: string) {
    this.target = path.resolve(outDir);
    const parent = path.dirname(this.target);
    const name = path.basename(this.target);
    this.dir = path.join(parent, `.agentdir-staging-${name}-${process.pid}`);
    this.retired = path.join(parent, `.agentdir-retired-${name}-${process.pid}`);
    fs.rmSync(this.dir, { recursive: true, force: true });
    fs.mkdirSync(this.dir, { recursive: true });
  }

  /** Writes one file; `inspect` sees every chunk before it is written (the premium-leak guard). */
  write(file: OutputFile, inspect?: (path: string, chunk: string) => void): WrittenFile {
    const target = path.join(this.dir, file.path);
    const folder = path.dirname(target);
    if (!this.folders.has(folder)) {
      fs.mkdirSync(folder, { recursive: true });
      this.folders.add(folder);
    }
    if (typeof file.content === 'string') {
      inspect?.(file.path, file.content);
      fs.writeFileSync(target, file.content);
      return { path: file.path, bytes: Buffer.byteLength(file.content), ...(file.key ? { key: file.key } : {}) };
    }
    const descriptor = fs.openSync(target, 'w');
    let bytes = 0;
    try {
      for (const chunk of file.content) {
        inspect?.(file.path, chunk);
        bytes += fs.writeSync(descriptor, chunk);
      }
    } finally {
      fs.closeSync(descriptor);
    }
    return { path: file.path, bytes, ...(file.key ? { key: file.key } : {}) };
  }

  commit(): void {
    const existed = fs.existsSync(this.target);
    if (existed) fs.renameSync(this.target, this.retired);
    try {
      fs.renameSync(this.dir, this.target);
    } catch (error) {
      if (existed) fs.renameSync(this.retired, this.target);
      throw error;
    }
    if (existed) fs.rmSync(this.retired, { recursive: true, force: true });
  }

  abort(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
