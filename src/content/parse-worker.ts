// A worker thread of the parse pool: one frozen Markdown processor and one set of compiled
// validators per thread, reused for every document it is sent.
import { parentPort } from 'node:worker_threads';
import { parseDocument, type ParsedDocument, type ParseJob } from './parse-document.js';
import { schemaRegistry } from '../schemas/registry.js';
import { ParseCache } from './parse-cache.js';

interface Batch {
  id: number;
  jobs: (ParseJob & { key: string })[];
  cacheDir: string | null;
}

const validators = {
  resource: schemaRegistry().validator('resource.frontmatter'),
  article: schemaRegistry().validator('article.frontmatter'),
};
let cache: ParseCache | undefined;

parentPort!.on('message', (batch: Batch) => {
  if (batch.cacheDir && !cache) cache = new ParseCache(batch.cacheDir);
  const results: ParsedDocument[] = batch.jobs.map((job) => {
    const parsed = parseDocument(job, validators[job.kind]);
    cache?.set(job.key, parsed);
    return parsed;
  });
  parentPort!.postMessage({ id: batch.id, results });
});
