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
/** Batches a thread holds at once: the next is there when it finishes one, while the main thread reads more. */
const batchesPerThread = 2;
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

/** A document to parse, read: where its result goes, and what the parse is sent. */
interface Miss {
  index: number;
  job: ParseJob & { key: string };
}

/**
 * Parses every document once: from the persistent cache when its bytes are unchanged, otherwise on a
 * pool of worker threads sized to the machine's cores (or inline for a handful of documents).
 * A document whose digest is known and cached is never read. The others are read as the pool asks
 * for work, not all before it starts: at 100,000 documents their texts and read buffers were
 * gigabytes held at once, and the freed buffers left the process's allocator that much larger for
 * the rest of the build. Each job's text is let go of once its document is parsed: the result
 * carries what the build needs. A refused file's result is null.
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
  /** Each document the cache does not have by its known digest, with the key that digest gives. */
  const unread: { index: number; known: string | undefined }[] = [];
  sources.forEach((source, index) => {
    const known = cache && source.digest !== undefined ? ParseCache.keyOf(source, source.digest) : undefined;
    const hit = known === undefined ? undefined : cache?.get(known);
    if (hit) results[index] = hit;
    else unread.push({ index, known });
  });
  let done = sources.length - unread.length;
  let refused = 0;
  let parsedCount = 0;
  const progress = () => options.onProgress?.(++done, sources.length);
  /** The unread documents the cache does not have, each read as it is asked for. */
  function* readMisses(): Generator<Miss> {
    for (const { index, known } of unread) {
      const source = sources[index]!;
      const read = options.read(source);
      if (!read) {
        results[index] = null;
        refused++;
        progress();
        continue;
      }
      // The bytes read now are what the parse sees: they, not a digest from before, name the cache entry.
      const key = cache ? ParseCache.keyOf(source, sourceDigest(read.bytes)) : '';
      const cached = cache && key !== known ? cache.get(key) : undefined;
      if (cached) {
        results[index] = cached;
        progress();
        continue;
      }
      parsedCount++;
      yield { index, job: { file: source.file, kind: source.kind, text: read.text, key } };
    }
  }
  const parsed = (miss: Miss, result: ParsedDocument) => {
    results[miss.index] = result;
    cache?.set(miss.job.key, result);
    miss.job.text = '';
    progress();
  };
  options.onProgress?.(done, sources.length);

  // Threads pay off from a few dozen documents on: read that many before deciding.
  const misses = readMisses();
  const first = take(misses, poolThreshold);
  const all = (function* () {
    yield* first;
    yield* misses;
  })();
  const threads =
    options.threads !== false && first.length >= poolThreshold && fs.existsSync(workerScript)
      ? Math.max(1, Math.min(os.availableParallelism(), 8))
      : 0;
  if (threads === 0) {
    const validators = {
      resource: schemaRegistry().validator('resource.frontmatter'),
      article: schemaRegistry().validator('article.frontmatter'),
    };
    for (const miss of all) parsed(miss, parseDocument(miss.job, validators[miss.job.kind]));
  } else {
    await runPool(all, threads, parsed);
  }
  cache?.save();
  return {
    results: results as (ParsedDocument | null)[],
    stats: {
      documents: sources.length,
      cached: sources.length - parsedCount - refused,
      parsed: parsedCount,
      threads,
    },
  };
}

/** Up to `count` items of `items`, taken now (reading them, for misses). */
function take<T>(items: Iterator<T>, count: number): T[] {
  const taken: T[] = [];
  while (taken.length < count) {
    const next = items.next();
    if (next.done) break;
    taken.push(next.value);
  }
  return taken;
}

/** Parses the misses on `threads` worker threads, taking a batch from `misses` whenever a thread is free; `deliver` gets each result. */
async function runPool(
  misses: Iterator<Miss>,
  threads: number,
  deliver: (miss: Miss, result: ParsedDocument) => void,
): Promise<void> {
  const inFlight = new Map<number, Miss[]>();
  let nextId = 0;
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
            let outstanding = 0;
            /** Sends a batch, if any is left; false when none is. */
            const send = (): boolean => {
              const batch = take(misses, batchSize);
              if (!batch.length) return false;
              const id = nextId++;
              inFlight.set(id, batch);
              outstanding++;
              worker.postMessage({ id, jobs: batch.map((item) => item.job) });
              return true;
            };
            // Reading happens as batches are sent, inside a thread's reply: a failure must end the pool, not escape it.
            const refill = () => {
              try {
                while (outstanding < batchesPerThread && send());
              } catch (error) {
                return reject(error);
              }
              if (!outstanding) resolve();
            };
            worker.on('message', ({ id, results }: { id: number; results: ParsedDocument[] }) => {
              const batch = inFlight.get(id)!;
              inFlight.delete(id);
              outstanding--;
              for (const [offset, result] of results.entries()) deliver(batch[offset]!, result);
              refill();
            });
            worker.once('error', reject);
            refill();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
