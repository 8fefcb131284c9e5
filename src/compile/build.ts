import path from 'node:path';
import { byString } from '../util/compare.js';
import { joinedFields } from '../util/joined-fields.js';
import { epochDate } from '../util/epoch-date.js';
import { loadContent } from '../content/load-content.js';
import { MetadataDigestMemo } from './metadata-digest-memo.js';
import { reviewDateOf } from '../content/stale-check.js';
import type { ContentModel } from '../content/model.js';
import type { Problem } from '../errors/problem.js';
import type { EmitContext } from '../emit/context.js';
import type { OutputFile } from '../emit/output.js';
import { emitContextFor } from '../emit/create-context.js';
import { workerData } from '../emit/worker-data.js';
import { emitters } from '../emit/index.js';
import { agentView } from '../content/agent-view.js';
import { copiedRendering, deferredUnread } from '../markdown/lazy-rendering.js';
import { OutputProblemError } from '../errors/output-problem-error.js';
import { bundleWorker, workerPackageFile } from './bundle-worker.js';
import { guardDigest, leakGuard, type PremiumSentence } from './premium-guard.js';
import { cachedPremiumSentences } from './premium-sentence-cache.js';
import { loadAgentPatterns } from '../readers/agent-patterns.js';
import { cachedAgentPatterns } from '../cache/agent-pattern-cache.js';
import { DocumentOutputs } from './document-outputs.js';
import { HeapCeiling } from './heap-ceiling.js';
import { SearchPartCache } from './search-part-cache.js';
import { checkPreviousOutput } from './output-check.js';
import { buildSite } from './build-site.js';
import { StagedOutput, type WrittenFile } from './staged-output.js';
import { contextKeys, exportContextKey, metadataEmitterKey, metadataModel } from './output-reuse.js';
import { PhaseTimer, type PhaseTime } from './phase-timer.js';
import { forgetLargeManifest, inputKey, manifestName, type BuildManifest } from './up-to-date.js';
import { type GradeInputs, gradeOutput } from './grade-inputs.js';
import type { GraderReport } from '../grader/report.js';
import { TemplateError } from '../templates/template-error.js';

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  baseUrl?: string;
  /** Seconds since the epoch, as in the SOURCE_DATE_EPOCH convention. */
  sourceDateEpoch?: string;
  /** Where parse results persist between builds (node_modules/.cache/agentdir from the CLI); null or absent: no cache. */
  cacheDir?: string | null;
  /** false: parse and render on the main thread only (the output is the same either way). */
  threads?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** The digest of every input (see up-to-date.ts), when the caller has computed it already. */
  inputKey?: string | null;
  /** Called as each phase after parsing starts: emit, worker, scan, grade, write. */
  onPhase?: (phase: string) => void;
  /** false: leave out the readiness grade (`serve --watch`, where every saved millisecond counts). */
  grade?: boolean;
  /**
   * Called after a successful build with what it rendered from, so `serve --watch` can answer the
   * next edit of a body from memory (src/serve/quick-edit.ts).
   */
  onContext?: (context: EmitContext, sentences: PremiumSentence[]) => void;
}

export interface BuildResult {
  ok: boolean;
  problems: Problem[];
  outDir: string;
  /** Every file of the output, with its size: written by this build, or kept from the previous one. */
  files: WrittenFile[];
  /** How many of `files` (and bytes) an incremental build kept from the previous build unchanged. */
  kept?: { files: number; bytes: number };
  /** Per-document parts of the site-wide exports: copied from the previous output, or made (see KeyedPart). */
  exportParts?: { copied: number; made: number };
  /** Documents' parts of the full-text indexes (one per document and audience): found in the cache, or made. */
  searchParts?: { kept: number; made: number };
  /** Minified size of the worker's code without the site's data, and of the data. */
  worker?: { codeBytes: number; dataBytes: number };
  /** The readiness grade of the built site, graded from the output itself. */
  grade?: GraderReport;
  /** True when nothing the previous build's grade read had changed, so that grade was kept. */
  gradeKept?: boolean;
  resources: number;
  articles: number;
  phases: PhaseTime[];
  /** Wall time of each emitter, rendering and writing included: where `emit+write` goes. */
  emitters: PhaseTime[];
  /** Worker threads that parsed documents and rendered their pages (0: the main thread did). */
  threads: { parse: number; render: number };
}

/** The build date: SOURCE_DATE_EPOCH when given, else the newest date in the content, never the clock. */
export function buildDate(model: ContentModel, sourceDateEpoch?: string): string {
  const pinned = epochDate(sourceDateEpoch);
  if (pinned) return pinned;
  const dates = [
    ...model.resources.map((resource) => resource.updated),
    ...model.articles.map((article) => article.updated),
  ];
  return dates.reduce((newest, date) => (date > newest ? date : newest), '1970-01-01');
}

export function createEmitContext(model: ContentModel, sourceDateEpoch?: string): EmitContext {
  return emitContextFor(model, buildDate(model, sourceDateEpoch));
}

/**
 * The build API: refuses unsafe options and output folders, then validates the content and
 * compiles every output into `outDir` in one step, even when `outDir` is up to date (see build-site.ts).
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  return (await buildSite({ ...options, reuseUpToDate: false })).result;
}

/**
 * Validates the content, then compiles every output and swaps it into `outDir` in one step. Called
 * by buildSite once the options and the output folder have passed its checks.
 */
export async function compile(options: BuildOptions): Promise<BuildResult> {
  const outDir = path.resolve(options.outDir);
  const timer = new PhaseTimer();
  // buildSite has already digested the inputs for its up-to-date check: reading every file again would be wasted.
  const key =
    options.inputKey !== undefined
      ? options.inputKey
      : inputKey({
          contentDir: options.contentDir,
          cacheDir: options.cacheDir ?? null,
          ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
          ...(options.sourceDateEpoch ? { sourceDateEpoch: options.sourceDateEpoch } : {}),
        });
  // The files an incremental build may keep are checked on a thread of their own while the content loads.
  const previousOutput = options.cacheDir ? checkPreviousOutput(outDir) : undefined;
  // The checks above read the previous manifest (kept while unchanged); at 50,000 resources it is
  // a hundred MB of objects, not to be held while every document is parsed. The staged output reads it again.
  forgetLargeManifest();
  const { model, problems, stats, parseKeys } = await loadContent(options.contentDir, {
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    cacheDir: options.cacheDir ?? null,
    ...(options.threads === false ? { threads: false } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    reviewDate: reviewDateOf(options.sourceDateEpoch),
  });
  timer.mark('load');
  if (!model)
    return {
      ok: false,
      problems,
      outDir,
      files: [],
      resources: 0,
      articles: 0,
      phases: timer.phases,
      emitters: [],
      threads: { parse: stats?.threads ?? 0, render: 0 },
    };
  const context = createEmitContext(model, options.sourceDateEpoch);
  const premium = new Set(model.resources.filter((resource) => resource.premium).map((resource) => resource.slug));
  const sentences = cachedPremiumSentences(model, options.cacheDir);
  // The worker's crawler patterns, from the cache folder when an earlier build made them.
  const { cacheDir } = options;
  if (cacheDir && model.site.analytics.record !== 'off') loadAgentPatterns(() => cachedAgentPatterns(cacheDir));
  releaseCheckData(model);
  // Without premium prose there is nothing to look for, and copied export parts need not be decoded
  // to look; nor when the previous build looked for the same sentences in them.
  const inspect = sentences.length ? leakGuard(sentences) : undefined;
  const guardedFor = inspect ? guardDigest(sentences) : undefined;
  // With the cache on, a build after a build updates the previous output in place: documents whose
  // text and page context are unchanged, and emitters that read only unchanged metadata, keep their files.
  const verified = await previousOutput?.verified();
  const staged = new StagedOutput(outDir, {
    incremental: Boolean(options.cacheDir),
    ...(verified ? { verified } : {}),
    guardedFor,
  });
  const files: WrittenFile[] = [];
  const ceiling = new HeapCeiling(256);
  const write = (file: OutputFile) => {
    files.push(...staged.write(file, inspect));
    ceiling.check();
  };
  const kept = { files: 0, bytes: 0 };
  const keep = (key: string, paths: string[]) => {
    const previous = staged.keep(key, paths);
    if (previous) {
      files.push(...previous);
      kept.files += previous.length;
      for (const file of previous) kept.bytes += file.bytes;
    }
    return Boolean(previous);
  };
  // Digests of documents whose files are unchanged are the last build's; the others are made by
  // contextKeys, then kept for the next build.
  const digestMemo = options.cacheDir
    ? new MetadataDigestMemo(options.cacheDir, model.dir, (document) => parseKeys?.get(document.file))
    : undefined;
  const everyDocument = [...model.resources, ...model.articles];
  digestMemo?.seed(everyDocument);
  const { pages: pageContext, documents: documentContext } = contextKeys(model, context.buildDate);
  digestMemo?.save(everyDocument);
  const documents = new DocumentOutputs({
    model,
    buildDate: context.buildDate,
    documentContext,
    exportContext: exportContextKey(model),
    stagingDir: staged.dir,
    sentences,
    threads: options.threads !== false,
    keep,
  });
  context.outputs = documents.hook;
  const searchParts = options.cacheDir ? new SearchPartCache(options.cacheDir, model) : undefined;
  if (searchParts) context.searchParts = searchParts;
  searchParts?.prefetch();
  // Made on first use: an incremental build usually keeps every metadata emitter's files.
  const contexts = new Map<string, EmitContext>();
  const contextFor = (metadata: boolean, agents: boolean): EmitContext => {
    const name = `${metadata}/${agents}`;
    let made = contexts.get(name);
    if (!made) {
      const seen = agents ? agentView(model) : model;
      made = metadata
        ? { ...context, model: metadataModel(seen) }
        : seen === model
          ? context
          : { ...context, model: seen };
      contexts.set(name, made);
    }
    return made;
  };
  // While threads render, the main thread must now and then let their replies in and send more work.
  let lastBreath = performance.now();
  const breathe = async () => {
    if (!documents.threaded || performance.now() - lastBreath < 10) return;
    await new Promise((resolve) => setImmediate(resolve));
    lastBreath = performance.now();
  };
  try {
    options.onPhase?.('emitting and writing');
    const emitTimer = new PhaseTimer();
    const lastRendering = emitters.findLastIndex((emitter) => emitter.rendersDocuments);
    let rendered = false;
    const awaitRenderThreads = async () => {
      if (rendered || !documents.threaded) return;
      rendered = true;
      for (const file of await documents.finish()) files.push(staged.adopt(file));
      emitTimer.mark('render threads (waiting)');
    };
    for (const [index, { emit, reads, agents, keysPages, afterRendering }] of emitters.entries()) {
      if (afterRendering) {
        await awaitRenderThreads();
        await searchParts?.settle();
      }
      // An emitter that reads only metadata keeps all its files while the page context is unchanged.
      const key = reads === 'metadata' && !keysPages ? metadataEmitterKey(pageContext, emit.name) : undefined;
      if (!key || !keep(key, staged.filesWithKey(key))) {
        for (const file of emit(contextFor(reads === 'metadata', Boolean(agents)))) {
          // A file made from what its own key names is kept while the previous build wrote it under that key.
          if (!key && file.key && keep(file.key, [file.path, ...(file.copies ?? [])])) continue;
          write(key ? joinedFields(file, { key }) : file);
          await breathe();
        }
      }
      if (index === lastRendering) documents.allHandedOver();
      emitTimer.mark(emit.name);
    }
    await awaitRenderThreads();
    // The index is made: its parts go to the cache folder now, not held through the worker, the
    // grade and the manifest (at 100,000 resources they are some 400 MB). `serve --watch` keeps
    // the context between edits: the parts are on disk, not to be held there either.
    searchParts?.save();
    delete context.searchParts;
    timer.mark('emit+write');
    options.onPhase?.('bundling the worker');
    const worker = await bundleWorker(workerData(contextFor(false, true)));
    for (const file of worker.files) write(file);
    write(workerPackageFile);
    timer.mark('worker');
    // Graded from the files as written, the way a static host with the worker in front serves them.
    const graded = options.grade === false ? undefined : await gradeOutput(staged, context.urls.base, premium);
    const grade = graded?.report;
    if (grade) timer.mark('grade');
    const summary = {
      resources: model.resources.length,
      articles: model.articles.length,
      worker: { codeBytes: worker.codeBytes, dataBytes: worker.dataBytes },
      ...(grade ? { grade } : {}),
    };
    if (key) write(manifestFile(key, files, summary, graded?.inputs, guardedFor));
    staged.commit();
    timer.mark('commit');
    options.onContext?.(context, sentences);
    return {
      ok: true,
      problems,
      outDir,
      files,
      kept,
      exportParts: staged.parts,
      ...(searchParts ? { searchParts: searchParts.counts } : {}),
      ...summary,
      ...(graded ? { gradeKept: graded.kept } : {}),
      phases: timer.phases,
      emitters: emitTimer.phases,
      threads: { parse: stats?.threads ?? 0, render: documents.threads },
    };
  } catch (error) {
    await documents.close();
    staged.abort();
    if (!(error instanceof TemplateError || error instanceof OutputProblemError)) throw error;
    // A template of the user's that fails, or a setting an output cannot be made from, is a
    // problem like a content error: nothing is replaced.
    return {
      ok: false,
      problems: [...problems, error.problem],
      outDir,
      files: [],
      resources: model.resources.length,
      articles: model.articles.length,
      phases: timer.phases,
      emitters: [],
      threads: { parse: stats?.threads ?? 0, render: documents.threads },
    };
  }
}

/** Links and heading anchors of every document serve the content checks only: a large site should not carry them through the build. */
function releaseCheckData(model: ContentModel): void {
  for (const document of [...model.resources, ...model.articles]) {
    // A rendering whose packed fields were never read holds none of them.
    if (!deferredUnread(document.rendered))
      document.rendered = copiedRendering(document.rendered, { links: [], anchors: [], audienceProblems: [] });
  }
}

/** The build manifest: the input key and every output's size, so the next build can tell nothing changed. */
function manifestFile(
  key: string,
  files: WrittenFile[],
  summary: unknown,
  gradeInputs: GradeInputs | undefined,
  guardedFor: string | undefined,
): OutputFile {
  const manifest: BuildManifest = {
    generator: 'agentdir',
    inputKey: key,
    files: [...files]
      .sort((a, b) => byString(a.path, b.path))
      .map((file) => (file.key ? [file.path, file.bytes, file.key] : [file.path, file.bytes])),
    summary,
    parts: Object.fromEntries(files.filter((file) => file.parts).map((file) => [file.path, file.parts!])),
    ...(gradeInputs ? { gradeInputs } : {}),
    ...(guardedFor ? { guardedFor } : {}),
  };
  return { path: manifestName, content: `${JSON.stringify(manifest)}\n` };
}
