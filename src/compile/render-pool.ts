import fs from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Article, ContentModel, Resource } from '../content/model.js';
import { threadScript } from '../util/paths.js';
import { metadataModel } from './output-reuse.js';
import type { Problem } from '../errors/problem.js';
import { TemplateError } from '../templates/template-error.js';
import type { PremiumSentence } from './premium-guard.js';
import type { WrittenFile } from './staged-output.js';

/** One document whose own files a render thread makes. */
export interface RenderJob {
  kind: 'resource' | 'article';
  document: Resource | Article;
  key: string;
}

export type RenderRequest =
  | { type: 'setup'; model: ContentModel; buildDate: string; stagingDir: string; sentences: PremiumSentence[] }
  | { type: 'render'; id: number; jobs: RenderJob[] };

export type RenderReply =
  | { id: number; files: WrittenFile[] }
  | { id: number; error: { name: string; message: string; stack?: string; problem?: Problem } };

/** The compiled thread script; without it (running from source) pages render on the main thread. */
const workerScript = threadScript('compile/render-worker');
const batchSize = 16;
/** Batches sent ahead to each thread, so none waits while the main thread is busy with other outputs. */
const inFlightPerThread = 3;

/**
 * One per core, like the parse threads, though the main thread writes the site-wide outputs
 * meanwhile: on two cores, two render threads still finish 50,000 pages a fifth sooner than one.
 */
export function renderThreadCount(): number {
  return Math.max(1, Math.min(os.availableParallelism(), 8));
}

export function renderThreadsAvailable(): boolean {
  return fs.existsSync(workerScript);
}

/** The model as render threads receive it: metadata only (bodies arrive with each job), no located YAML. */
function threadModel(model: ContentModel): ContentModel {
  const view = metadataModel(model);
  return {
    ...view,
    // Pages never show skills: their files stay on the main thread.
    skills: [],
    clusters: view.clusters.map((cluster) => ({
      ...cluster,
      source: undefined,
    })) as unknown as ContentModel['clusters'],
  };
}

/**
 * Renders and writes documents' pages on worker threads, one per core, while the main thread goes
 * on with the site-wide outputs. Jobs are sent in small batches a few at a time, so only those in
 * flight are ever copied to a thread.
 */
export class RenderPool {
  private readonly threads: { worker: Worker; inFlight: number }[];
  private readonly queue: RenderJob[][] = [];
  private batch: RenderJob[] = [];
  private readonly written: WrittenFile[] = [];
  private nextId = 0;
  private outstanding = 0;
  private failure: Error | undefined;
  private settle: (() => void) | undefined;
  /** Set once no more jobs will come (`end`): the threads then stop as soon as they are idle. */
  private ended = false;
  private stopping: Promise<void> | undefined;

  constructor(
    setup: Omit<Extract<RenderRequest, { type: 'setup' }>, 'type' | 'model'> & { model: ContentModel },
    threads = renderThreadCount(),
  ) {
    const model = threadModel(setup.model);
    this.threads = Array.from({ length: threads }, () => {
      const worker = new Worker(workerScript);
      const thread = { worker, inFlight: 0 };
      worker.postMessage({ ...setup, type: 'setup', model } satisfies RenderRequest);
      worker.on('message', (reply: RenderReply) => {
        if (this.failure) return;
        thread.inFlight--;
        this.outstanding--;
        if ('error' in reply)
          this.fail(
            reply.error.problem
              ? new TemplateError(reply.error.problem)
              : Object.assign(new Error(reply.error.message), { name: reply.error.name, stack: reply.error.stack }),
          );
        else this.written.push(...reply.files);
        this.dispatch();
      });
      worker.on('error', (error) => this.fail(error));
      return thread;
    });
  }

  get size(): number {
    return this.threads.length;
  }

  /** False once the threads have been told to stop (after `end` and the last reply, or `close`). */
  get running(): boolean {
    return !this.stopping;
  }

  add(job: RenderJob): void {
    this.batch.push(job);
    if (this.batch.length >= batchSize) {
      this.queue.push(this.batch);
      this.batch = [];
      this.dispatch();
    }
  }

  /**
   * Says no more jobs will come. The threads stop as soon as the last reply is in, while the main
   * thread goes on with other outputs: each holds a copy of the site's metadata, hundreds of MB
   * at 100,000 documents, not to be kept until the build's last emitter.
   */
  end(): void {
    this.ended = true;
    if (this.batch.length) this.queue.push(this.batch);
    this.batch = [];
    this.dispatch();
  }

  /** Waits for every job and stops the threads; the files they wrote, or the first error. */
  async finish(): Promise<WrittenFile[]> {
    this.end();
    if (!this.failure && (this.outstanding || this.queue.length))
      await new Promise<void>((resolve) => (this.settle = resolve));
    await this.close();
    if (this.failure) throw this.failure;
    return this.written;
  }

  async close(): Promise<void> {
    this.stopping ??= Promise.all(this.threads.map(({ worker }) => worker.terminate())).then(() => undefined);
    await this.stopping;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.queue.length = 0;
    this.outstanding = 0;
    this.settle?.();
  }

  private dispatch(): void {
    if (this.failure) return;
    for (const thread of this.threads) {
      while (thread.inFlight < inFlightPerThread && this.queue.length) {
        const jobs = this.queue.shift()!;
        thread.inFlight++;
        this.outstanding++;
        thread.worker.postMessage({ type: 'render', id: this.nextId++, jobs } satisfies RenderRequest);
      }
    }
    if (!this.outstanding && !this.queue.length) {
      this.settle?.();
      // Awaited by finish (or close); a failure to stop is that of terminate, which does not fail.
      if (this.ended) void this.close();
    }
  }
}
