import path from 'node:path';
import { loadContent } from '../content/load-content.js';
import type { ContentModel } from '../content/model.js';
import type { Problem } from '../errors/problem.js';
import { emitArticleVariants } from '../emit/article-variants.js';
import type { EmitContext } from '../emit/context.js';
import { emitCorpus } from '../emit/corpus.js';
import { emitCrawlerFiles } from '../emit/crawler-files.js';
import { emitHeadersFile } from '../emit/headers-file.js';
import { emitIndexes } from '../emit/indexes.js';
import { emitLicense } from '../emit/license-xml.js';
import { emitLlmsTxt } from '../emit/llms-txt.js';
import type { OutputFile, OutputFiles } from '../emit/output.js';
import { emitPages } from '../emit/pages.js';
import { emitStylesheet } from '../emit/stylesheet.js';
import { emitClusterPages } from '../emit/cluster-pages.js';
import { emitLearningPathPages } from '../emit/learning-path-pages.js';
import { emitCategoryPages } from '../emit/category-pages.js';
import { emitTagPages } from '../emit/tag-pages.js';
import { emitSearchPage } from '../emit/search-page.js';
import { emitPricing } from '../emit/pricing.js';
import { emitResourceVariants } from '../emit/resource-variants.js';
import { emitSamples } from '../emit/samples.js';
import { emitServerCard } from '../emit/server-card.js';
import { emitTaxonomies } from '../emit/taxonomies.js';
import { siteUrls } from '../emit/urls.js';
import { emitWorkerData, workerData } from '../emit/worker-data.js';
import { emitWranglerConfig } from '../emit/wrangler-config.js';
import { emitDiscoveryExtras } from '../emit/discovery-extras.js';
import { bundleWorker } from './bundle-worker.js';
import { schemaRegistry } from '../schemas/registry.js';
import { createPageRenderer } from '../templates/page-renderer.js';
import { compilerVersion } from '../util/version.js';
import { premiumLeakGuard } from './premium-guard.js';
import { StagedOutput, type WrittenFile } from './staged-output.js';
import { documentKey, OutputReuse, pageContextKey } from './output-reuse.js';
import { PhaseTimer, type PhaseTime } from './phase-timer.js';
import { inputKey, manifestName, type BuildManifest } from './up-to-date.js';
import { directoryFetcher } from '../grader/directory-fetcher.js';
import { gradeSite } from '../grader/grade.js';
import type { GraderReport } from '../grader/report.js';

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  baseUrl?: string;
  /** Seconds since the epoch, as in the SOURCE_DATE_EPOCH convention. */
  sourceDateEpoch?: string;
  /** Where parse results persist between builds (node_modules/.cache/agentdir from the CLI); null or absent: no cache. */
  cacheDir?: string | null;
  onProgress?: (done: number, total: number) => void;
  /** The digest of every input (see up-to-date.ts), when the caller has computed it already. */
  inputKey?: string | null;
  /** Called as each phase after parsing starts: emit, worker, scan, grade, write. */
  onPhase?: (phase: string) => void;
}

export interface BuildResult {
  ok: boolean;
  problems: Problem[];
  outDir: string;
  /** Every file written, with its size. */
  files: WrittenFile[];
  /** Minified size of the worker's code without the site's data, and of the data. */
  worker?: { codeBytes: number; dataBytes: number };
  /** The readiness grade of the built site, graded from the output itself. */
  grade?: GraderReport;
  resources: number;
  articles: number;
  phases: PhaseTime[];
}

/** Every output family, in the order a reader of the code meets them in SPEC §2 and §4. */
export const emitters: ((context: EmitContext) => OutputFiles)[] = [
  emitResourceVariants,
  emitArticleVariants,
  emitIndexes,
  emitTaxonomies,
  emitCorpus,
  emitSamples,
  emitPricing,
  emitLlmsTxt,
  emitCrawlerFiles,
  emitLicense,
  emitServerCard,
  emitPages,
  emitStylesheet,
  emitClusterPages,
  emitLearningPathPages,
  emitCategoryPages,
  emitTagPages,
  emitSearchPage,
  emitHeadersFile,
  emitWorkerData,
  emitWranglerConfig,
  emitDiscoveryExtras,
];

/** The build date: SOURCE_DATE_EPOCH when given, else the newest date in the content, never the clock. */
export function buildDate(model: ContentModel, sourceDateEpoch?: string): string {
  if (sourceDateEpoch && /^\d+$/.test(sourceDateEpoch)) return new Date(Number(sourceDateEpoch) * 1000).toISOString().slice(0, 10);
  const dates = [...model.resources.map((resource) => resource.updated), ...model.articles.map((article) => article.updated)];
  return dates.reduce((newest, date) => (date > newest ? date : newest), '1970-01-01');
}

export function createEmitContext(model: ContentModel, sourceDateEpoch?: string): EmitContext {
  const templates = model.site.templates ? path.resolve(model.dir, model.site.templates) : undefined;
  return {
    model,
    urls: siteUrls(model.site.url),
    buildDate: buildDate(model, sourceDateEpoch),
    registry: schemaRegistry(),
    pages: createPageRenderer(templates),
    version: compilerVersion,
  };
}

/** Validates the content, then compiles every output and swaps it into `outDir` in one step. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const outDir = path.resolve(options.outDir);
  const timer = new PhaseTimer();
  // The CLI has already digested the inputs for its up-to-date check: reading every file again would be wasted.
  const key = options.inputKey !== undefined ? options.inputKey : inputKey({ contentDir: options.contentDir, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}), ...(options.sourceDateEpoch ? { sourceDateEpoch: options.sourceDateEpoch } : {}) });
  const { model, problems } = await loadContent(options.contentDir, {
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    cacheDir: options.cacheDir ?? null,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  timer.mark('load');
  if (!model) return { ok: false, problems, outDir, files: [], resources: 0, articles: 0, phases: timer.phases };
  const context = createEmitContext(model, options.sourceDateEpoch);
  const premium = new Set(model.resources.filter((resource) => resource.premium).map((resource) => resource.slug));
  const staged = new StagedOutput(outDir);
  const files: WrittenFile[] = [];
  const seen = new Set<string>();
  const inspect = premiumLeakGuard(model);
  const write = (file: OutputFile) => {
    if (seen.has(file.path)) throw new Error(`Two emitters wrote ${file.path}; this is a bug in agentdir.`);
    seen.add(file.path);
    files.push(staged.write(file, inspect));
  };
  // Every document's outputs carry a key in the manifest; with the cache on, a document whose page
  // context and text are unchanged keeps its previous files instead of being rendered again.
  const reuse = options.cacheDir ? new OutputReuse(outDir, staged.dir) : undefined;
  const pageContext = pageContextKey(model, context.buildDate);
  context.outputs = {
    keyOf: (document) => documentKey(pageContext, document),
    reuse(documentKeyValue, paths) {
      const kept = reuse?.tryReuse(documentKeyValue, paths);
      if (!kept) return false;
      for (const file of kept) {
        seen.add(file.path);
        files.push(file);
      }
      return true;
    },
  };
  try {
    options.onPhase?.('emitting and writing');
    for (const emit of emitters) for (const file of emit(context)) write(file);
    timer.mark('emit+write');
    options.onPhase?.('bundling the worker');
    const worker = await bundleWorker(workerData(context));
    write(worker.file);
    timer.mark('worker');
    // Graded from the files as written, the way a static host with the worker in front serves them.
    const grade = await gradeSite(context.urls.base, directoryFetcher(path.join(staged.dir, 'public'), premium));
    timer.mark('grade');
    const summary = { resources: model.resources.length, articles: model.articles.length, worker: { codeBytes: worker.codeBytes, dataBytes: worker.dataBytes }, grade };
    if (key) write(manifestFile(key, files, summary));
    staged.commit();
    timer.mark('commit');
    return { ok: true, problems, outDir, files, ...summary, phases: timer.phases };
  } catch (error) {
    staged.abort();
    throw error;
  }
}

/** The build manifest: the input key and every output's size, so the next build can tell nothing changed. */
function manifestFile(key: string, files: WrittenFile[], summary: unknown): OutputFile {
  const manifest: BuildManifest = { inputKey: key, files: files.map((file) => (file.key ? [file.path, file.bytes, file.key] : [file.path, file.bytes])), summary };
  return { path: manifestName, content: `${JSON.stringify(manifest)}\n` };
}

