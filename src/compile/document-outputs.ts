import type { Article, ContentModel, Resource } from '../content/model.js';
import { withoutHtml } from '../markdown/stored-markdown.js';
import type { EmitContext } from '../emit/context.js';
import { exportPartKey } from '../emit/helpers/document-digests.js';
import { documentKey, listingKey } from './output-reuse.js';
import { shownDocuments } from '../emit/helpers/shown-documents.js';
import type { PremiumSentence } from './premium-guard.js';
import { RenderPool, renderThreadsAvailable } from './render-pool.js';
import type { WrittenFile } from './staged-output.js';

/** Documents rendered on the main thread before render threads are started. */
const renderHereFirst = 64;

export interface DocumentOutputsOptions {
  model: ContentModel;
  buildDate: string;
  /** The key every document key starts from (`documents` of contextKeys in output-reuse.ts). */
  documentContext: string;
  /** The key every document's part of a site-wide export starts from (exportContextKey). */
  exportContext: string;
  stagingDir: string;
  sentences: PremiumSentence[];
  /** false: never start render threads. */
  threads: boolean;
  /** Keeps the previous build's files under a key; false when they must be made again. */
  keep(key: string, paths: string[]): boolean;
}

/**
 * Where each document's own files (its page and variants) come from: kept from the previous build
 * when its key is unchanged, rendered by a render thread once enough documents need rendering to be
 * worth the threads' start, or else rendered by its emitter on the main thread. A build that
 * changed a handful of files starts no thread at all.
 */
export class DocumentOutputs {
  private pool: RenderPool | undefined;
  private renderedHere = 0;
  private readonly partKeys = new WeakMap<Resource | Article, string>();

  constructor(private readonly options: DocumentOutputsOptions) {}

  /** What emitters of documents' files call (EmitContext.outputs). */
  readonly hook: NonNullable<EmitContext['outputs']> = {
    keyOf: (document) =>
      documentKey(this.options.documentContext, document, shownDocuments(document, this.options.model)),
    // Asked once per export that carries the document (five of them): hashed once.
    partKeyOf: (document) => {
      let key = this.partKeys.get(document);
      if (key === undefined) {
        key = exportPartKey(this.options.exportContext, document);
        this.partKeys.set(document, key);
      }
      return key;
    },
    listingKeyOf: (path, documents) => listingKey(this.options.documentContext, path, documents),
    keep: (key, paths) => this.options.keep(key, paths),
    skip: (kind, document, key, paths) => {
      if (this.options.keep(key, paths)) {
        releaseHtml(document);
        return true;
      }
      const pool = this.startedPool();
      if (!pool) return false;
      // The job holds the document's HTML until it is sent; the model lets go of it now.
      pool.add({ kind, document: { ...document }, key });
      releaseHtml(document);
      return true;
    },
  };

  /** True while render threads work: the main thread should now and then let their replies in. */
  get threaded(): boolean {
    return Boolean(this.pool);
  }

  /** Render threads started (0 when every page was kept or rendered here). */
  get threads(): number {
    return this.pool?.size ?? 0;
  }

  /** Says every document has been handed over: the render threads stop once they are done with them. */
  allHandedOver(): void {
    this.pool?.end();
  }

  /** Waits for the render threads and returns the files they wrote. */
  async finish(): Promise<WrittenFile[]> {
    return this.pool ? this.pool.finish() : [];
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }

  private startedPool(): RenderPool | undefined {
    const { options } = this;
    if (!this.pool && options.threads && ++this.renderedHere > renderHereFirst && renderThreadsAvailable()) {
      this.pool = new RenderPool({
        model: options.model,
        buildDate: options.buildDate,
        stagingDir: options.stagingDir,
        sentences: options.sentences,
      });
    }
    return this.pool;
  }
}

/** A page's body HTML serves only its own page: once that is kept or handed to a thread, the model drops it. */
function releaseHtml(document: Resource | Article): void {
  // A rendering read from the parse cache left its HTML there: it holds none to let go of.
  if (document.rendered.packedHtml.length) document.rendered = withoutHtml(document.rendered);
}
