import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { parseDocument, type ParsedDocument, type ParseJob } from './parse-document.js';
import { schemaRegistry } from '../schemas/registry.js';
import { packageRoot } from '../util/paths.js';
import { ParseCache } from './parse-cache.js';

/** Below this many documents to parse, starting threads costs more than it saves. */
const poolThreshold = 64;
const batchSize = 32;

export interface ParseStats {
  documents: number;
  cached: number;
  parsed: number;
  threads: number;
}

/** The compiled worker script; the pool is used only when it exists (after `npm run compile`). */
const workerScript = path.join(packageRoot, 'lib', 'content', 'parse-worker.js');

/**
 * Parses every document once: from the persistent cache when its text is unchanged, otherwise on a
 * pool of worker threads sized to the machine's cores (or inline for a handful of documents).
 */
export async function parseDocuments(jobs: ParseJob[], options: { cacheDir: string | null; onProgress?: (done: number, total: number) => void }): Promise<{ results: ParsedDocument[]; stats: ParseStats }> {
  const cache = options.cacheDir ? new ParseCache(options.cacheDir) : undefined;
  const results: (ParsedDocument | undefined)[] = new Array(jobs.length);
  const misses: { index: number; job: ParseJob & { key: string } }[] = [];
  jobs.forEach((job, index) => {
    const key = ParseCache.keyOf(job);
    const hit = cache?.get(key);
    if (hit) results[index] = hit;
    else misses.push({ index, job: { ...job, key } });
  });
  let done = jobs.length - misses.length;
  options.onProgress?.(done, jobs.length);

  const threads = misses.length >= poolThreshold && fs.existsSync(workerScript) ? Math.max(1, Math.min(os.availableParallelism(), 8)) : 0;
  if (threads === 0) {
    const validators = { resource: schemaRegistry().validator('resource.frontmatter'), article: schemaRegistry().validator('article.frontmatter') };
    for (const { index, job } of misses) {
      results[index] = parseDocument(job, validators[job.kind]);
      cache?.set(job.key, results[index]!);
      options.onProgress?.(++done, jobs.length);
    }
  } else {
    await runPool(misses, threads, options.cacheDir, (index, result) => {
      results[index] = result;
      options.onProgress?.(++done, jobs.length);
    });
  }
  return { results: results as ParsedDocument[], stats: { documents: jobs.length, cached: jobs.length - misses.length, parsed: misses.length, threads } };
}

async function runPool(misses: { index: number; job: ParseJob & { key: string } }[], threads: number, cacheDir: string | null, deliver: (index: number, result: ParsedDocument) => void): Promise<void> {
  const batches: { id: number; items: typeof misses }[] = [];
  for (let start = 0; start < misses.length; start += batchSize) batches.push({ id: batches.length, items: misses.slice(start, start + batchSize) });
  let next = 0;
  const workers = Array.from({ length: threads }, () => new Worker(workerScript));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              const batch = batches[next++];
              if (!batch) return resolve();
              worker.postMessage({ id: batch.id, jobs: batch.items.map((item) => item.job), cacheDir });
            };
            worker.on('message', ({ id, results }: { id: number; results: ParsedDocument[] }) => {
              batches[id]!.items.forEach((item, position) => deliver(item.index, results[position]!));
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
