import fs from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { parseDocument, type ParsedDocument, type ParseJob } from './parse-document.js';
import { schemaRegistry } from '../schemas/registry.js';
import { threadScript } from '../util/paths.js';
import { ParseCache } from './parse-cache.js';
import { sourceDigest } from '../cache/source-digests.js';

/** Below this many documents to parse, starting threads costs more than it saves. */
const poolThreshold = 64;
const batchSize = 32;
const youngGenerationMb = 64;

export interface ParseStats {
  documents: number;
  cached: number;
  parsed: number;
  threads: number;
}

/** The compiled worker script; the pool is used only when it exists (after `npm run compile`). */
const workerScript = threadScript('content/parse-worker');

/** A document to parse, before it is read. */
export interface DocumentSource {
  file: string;
  kind: ParseJob['kind'];
  /** The digest of its bytes (sourceDigest) when the up-to-date check found it: a cached parse is then found unread. */
  digest?: string | undefined;
}

/** A source's text, and the bytes it was decoded from; null when the file is refused (the reader keeps its problem). */
export type ReadSource = (source: DocumentSource) => { text: string; bytes: Buffer } | null;

/**
 * Parses every document once: from the persistent cache when its bytes are unchanged, otherwise on a
 * pool of worker threads sized to the machine's cores (or inline for a handful of documents).
 * A document whose digest is known and cached is never read. Each job's text is let go of once its
 * document is parsed: the result carries what the build needs, and a large site's sources would
 * otherwise stay in memory twice over. A refused file's result is null.
 */
export async function parseDocuments(
  sources: DocumentSource[],
  options: {
    cacheDir: string | null;
    contentDir: string;
    read: ReadSource;
    threads?: boolean;
    onProgress?: (done: number, total: number) => void;
  },
): Promise<{ results: (ParsedDocument | null)[]; stats: ParseStats }> {
  const cache = options.cacheDir ? new ParseCache(options.cacheDir, options.contentDir) : undefined;
  const results: (ParsedDocument | null | undefined)[] = new Array(sources.length);
  const misses: { index: number; job: ParseJob & { key: string } }[] = [];
  let refused = 0;
  sources.forEach((source, index) => {
    const known = cache && source.digest !== undefined ? ParseCache.keyOf(source, source.digest) : undefined;
    const hit = known === undefined ? undefined : cache?.get(known);
    if (hit) {
      results[index] = hit;
      return;
    }
    const read = options.read(source);
    if (!read) {
      results[index] = null;
      refused++;
      return;
    }
    // The bytes read now are what the parse sees: they, not a digest from before, name the cache entry.
    const key = cache ? ParseCache.keyOf(source, sourceDigest(read.bytes)) : '';
    const cached = cache && key !== known ? cache.get(key) : undefined;
    if (cached) results[index] = cached;
    else misses.push({ index, job: { file: source.file, kind: source.kind, text: read.text, key } });
  });
  let done = sources.length - misses.length;
  const parsed = (miss: (typeof misses)[number], result: ParsedDocument) => {
    results[miss.index] = result;
    cache?.set(miss.job.key, result);
    miss.job.text = '';
    options.onProgress?.(++done, sources.length);
  };
  options.onProgress?.(done, sources.length);

  const threads =
    options.threads !== false && misses.length >= poolThreshold && fs.existsSync(workerScript)
      ? Math.max(1, Math.min(os.availableParallelism(), 8))
      : 0;
  if (threads === 0) {
    const validators = {
      resource: schemaRegistry().validator('resource.frontmatter'),
      article: schemaRegistry().validator('article.frontmatter'),
    };
    for (const miss of misses) parsed(miss, parseDocument(miss.job, validators[miss.job.kind]));
  } else {
    await runPool(misses, threads, (position, result) => parsed(misses[position]!, result));
  }
  cache?.save();
  return {
    results: results as (ParsedDocument | null)[],
    stats: {
      documents: sources.length,
      cached: sources.length - misses.length - refused,
      parsed: misses.length,
      threads,
    },
  };
}

/** Parses the misses on `threads` worker threads; `deliver` gets each result with its position in `misses`. */
async function runPool(
  misses: { index: number; job: ParseJob & { key: string } }[],
  threads: number,
  deliver: (position: number, result: ParsedDocument) => void,
): Promise<void> {
  const batches: { id: number; start: number; items: typeof misses }[] = [];
  for (let start = 0; start < misses.length; start += batchSize)
    batches.push({ id: batches.length, start, items: misses.slice(start, start + batchSize) });
  let next = 0;
  // A larger young generation: parsing allocates millions of short-lived tokens, and the default
  // semi-space makes the scavenger run often enough to cost a tenth of the parse.
  const workers = Array.from(
    { length: threads },
    () => new Worker(workerScript, { resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb } }),
  );
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              const batch = batches[next++];
              if (!batch) return resolve();
              worker.postMessage({ id: batch.id, jobs: batch.items.map((item) => item.job) });
            };
            worker.on('message', ({ id, results }: { id: number; results: ParsedDocument[] }) => {
              for (const [offset, result] of results.entries()) deliver(batches[id]!.start + offset, result);
              send();
            });
            worker.once('error', reject);
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
