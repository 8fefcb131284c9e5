// A worker thread of the parse pool: one frozen Markdown processor and one set of compiled
// validators per thread, reused for every document it is sent.
import { parentPort } from 'node:worker_threads';
import { parseDocument, type ParsedDocument, type ParseJob } from './parse-document.js';
import { schemaRegistry } from '../schemas/registry.js';

interface Batch {
  id: number;
  jobs: (ParseJob & { key: string })[];
}

const validators = {
  resource: schemaRegistry().validator('resource.frontmatter'),
  article: schemaRegistry().validator('article.frontmatter'),
};

parentPort!.on('message', (batch: Batch) => {
  const results: ParsedDocument[] = batch.jobs.map((job) => parseDocument(job, validators[job.kind]));
  parentPort!.postMessage({ id: batch.id, results });
});
