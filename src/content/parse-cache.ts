import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ParsedDocument, ParseJob } from './parse-document.js';
import { compilerKey } from '../build/compiler-key.js';

/**
 * A persistent cache of parsed documents, one small file per entry, keyed by the compiler and the
 * document's path, kind and full text. Outside dist/ (node_modules/.cache/agentdir by default), so
 * CI can keep it between runs; entries are written atomically, so concurrent builds cannot tear them.
 */
export class ParseCache {
  private readonly dir: string;

  constructor(cacheDir: string) {
    const root = path.join(cacheDir, 'parse');
    const current = compilerKey().slice(0, 16);
    this.dir = path.join(root, current);
    // Entries of another compiler can never be used again: drop them rather than let the cache grow.
    for (const stale of fs.existsSync(root) ? fs.readdirSync(root).filter((name) => name !== current) : []) {
      fs.rmSync(path.join(root, stale), { recursive: true, force: true });
    }
  }

  static keyOf(job: ParseJob): string {
    return createHash('sha256').update(job.kind).update('\0').update(job.file).update('\0').update(job.text).digest('hex');
  }

  private pathOf(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  get(key: string): ParsedDocument | undefined {
    try {
      return JSON.parse(fs.readFileSync(this.pathOf(key), 'utf8')) as ParsedDocument;
    } catch {
      return undefined;
    }
  }

  set(key: string, value: ParsedDocument): void {
    const file = this.pathOf(key);
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      fs.writeFileSync(temporary, JSON.stringify(value));
      fs.renameSync(temporary, file);
    } catch {
      // A cache that cannot be written only costs time on the next build.
    }
  }
}
