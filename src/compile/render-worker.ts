// A render thread: renders and writes the pages of the documents it is sent, with its own page
// renderer and validators, against the site's metadata it received once (never other bodies).
import { parentPort } from 'node:worker_threads';
import type { Article, Cluster, Resource } from '../content/model.js';
import { articleFiles } from '../emit/article-variants.js';
import type { EmitContext } from '../emit/context.js';
import { emitContextFor } from '../emit/create-context.js';
import { resourceFiles } from '../emit/resource-variants.js';
import { TemplateError } from '../templates/template-error.js';
import { HeapCeiling } from './heap-ceiling.js';
import { leakGuard } from './premium-guard.js';
import type { RenderReply, RenderRequest } from './render-pool.js';
import type { WrittenFile } from './staged-output.js';
import { writeOutputFile } from './write-output-file.js';

let context: EmitContext | undefined;
let clusters = new Map<string, Cluster>();
let inspect: (path: string, chunk: string) => void = () => {};
let stagingDir = '';
const folders = new Set<string>();
/**
 * Made at setup, once the site's metadata is here. A thread's heap would otherwise grow to about
 * three times what it holds between collections (300 MB each at 100,000 documents, for some 100
 * live); small sites stay under the floor and never pay for a collection.
 */
let ceiling: HeapCeiling | undefined;

parentPort!.on('message', (request: RenderRequest) => {
  if (request.type === 'setup') {
    // The model arrives without bodies or rendered Markdown (see threadModel): other documents' text cannot be read here.
    context = emitContextFor(request.model, request.buildDate);
    clusters = new Map(context.model.clusters.map((cluster) => [cluster.id, cluster]));
    inspect = leakGuard(request.sentences);
    stagingDir = request.stagingDir;
    ceiling = new HeapCeiling(128);
    return;
  }
  let reply: RenderReply;
  try {
    const files: WrittenFile[] = [];
    for (const job of request.jobs) {
      const outputs =
        job.kind === 'resource'
          ? resourceFiles(job.document as Resource, context!, job.key)
          : articleFiles(
              job.document as Article,
              clusters.get((job.document as Article).clusterId)!,
              context!,
              job.key,
            );
      for (const file of outputs)
        files.push({ path: file.path, bytes: writeOutputFile(stagingDir, file, inspect, folders).bytes, key: job.key });
    }
    reply = { id: request.id, files };
    ceiling?.check();
  } catch (error) {
    const { name, message, stack } = error as Error;
    // A template the user must fix travels as its problem, so the main thread can report it the same way.
    const problem = error instanceof TemplateError ? { problem: error.problem } : {};
    reply = { id: request.id, error: { name, message, ...(stack ? { stack } : {}), ...problem } };
  }
  parentPort!.postMessage(reply);
});
