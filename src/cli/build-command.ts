import path from 'node:path';
import type { ProblemFormat } from '../errors/format.js';
import type { GraderReport } from '../grader/report.js';
import { displayPath } from '../util/paths.js';
import { buildSite, type SiteBuild } from '../compile/build-site.js';
import { printProblems } from './print-problems.js';
import { phaseLine } from './phase-line.js';
import { workerCodeBudget } from '../compile/worker-budget.js';
import { createProgress } from './progress.js';
import { ParseCacheLostError } from '../markdown/stored-markdown.js';
import type { Problem } from '../errors/problem.js';
import { projectFolders } from '../project/project-folders.js';

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

export interface BuildCommandOptions {
  /** Absent: the project's default (projectFolders). */
  out?: string;
  baseUrl?: string;
  format: ProblemFormat;
  quiet?: boolean;
  cache?: boolean;
  cacheDir?: string;
  timings?: boolean;
  /** Print one JSON summary on stdout instead of the human lines. */
  json?: boolean;
}

interface Summary {
  resources: number;
  articles: number;
  worker: { codeBytes: number; dataBytes: number };
  grade: GraderReport;
}

function summaryLines(summary: Summary): string {
  const { grade, worker } = summary;
  // The advice is the core checks' (the score the SPEC defines); `agentdir grade` prints the extended checks' too.
  const core = new Set(grade.checks.map((check) => check.id));
  const advice = grade.recommendations.filter((item) => core.has(item.check));
  return (
    `Worker: ${kib(worker.codeBytes)} KiB of code (budget ${workerCodeBudget / 1024} KiB) + ${kib(worker.dataBytes)} KiB of premium data.\n` +
    `Agent readiness: ${grade.score}/100 (${grade.grade}), extended checks ${grade.extended.score}/100${advice.length ? `; to improve: ${advice.map((item) => item.action).join(' ')}` : ''}.\n`
  );
}

export async function buildCommand(givenContentDir: string | undefined, options: BuildCommandOptions): Promise<number> {
  const started = performance.now();
  const sourceDateEpoch = process.env.SOURCE_DATE_EPOCH;
  const cacheDir = options.cache === false ? null : path.resolve(options.cacheDir ?? 'node_modules/.cache/agentdir');
  const seconds = () => ((performance.now() - started) / 1000).toFixed(2);
  const refuse = (problems: Problem[], outDir: string) => {
    if (options.json)
      process.stdout.write(
        `${JSON.stringify({ ok: false, upToDate: false, outDir: path.resolve(outDir), errors: problems.length, warnings: 0, problems }, null, 2)}\n`,
      );
    else printProblems(problems, options.format);
    return 1;
  };

  const folders = projectFolders({ content: givenContentDir, out: options.out }, { needsContent: true });
  if (!folders.ok) return refuse(folders.problems, options.out ?? 'dist');
  const { contentDir, outDir } = folders;

  const progress = createProgress({ ...(options.quiet || options.json ? { quiet: true } : {}) });
  let built: SiteBuild;
  try {
    built = await buildSite({
      onProgress: (done, total) => progress.documents(done, total),
      onPhase: (phase) => progress.phase(phase),
      contentDir,
      outDir,
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      ...(sourceDateEpoch ? { sourceDateEpoch } : {}),
      cacheDir,
      // With the cache on, a build whose inputs are unchanged is done before the compiler is even loaded.
      reuseUpToDate: cacheDir !== null,
    });
  } catch (error) {
    progress.done();
    if (error instanceof ParseCacheLostError) {
      process.stderr.write(`${error.message}\n${displayPath(path.resolve(outDir))} was left as it was.\n`);
      return 1;
    }
    const { TemplateFileError } = await import('../templates/template-files.js');
    const templateFile =
      error instanceof TemplateFileError ? error : (error as { originalError?: unknown }).originalError;
    if (templateFile instanceof TemplateFileError) {
      process.stderr.write(`${templateFile.message}\n${displayPath(path.resolve(outDir))} was left as it was.\n`);
      return 1;
    }
    throw error;
  }
  // Problems found before any work: nothing was read or written.
  if (!built.upToDate && built.refused) return refuse(built.result.problems, outDir);
  if (built.upToDate) {
    const summary = built.manifest.summary as Summary;
    if (options.json) {
      process.stdout.write(
        `${JSON.stringify({ ok: true, upToDate: true, outDir: path.resolve(outDir), ...summary, phases: [{ phase: 'up-to-date check', ms: Math.round(performance.now() - started) }] }, null, 2)}\n`,
      );
      return 0;
    }
    if (!options.quiet)
      process.stdout.write(
        `Up to date: ${summary.resources} resources and ${summary.articles} articles in ${displayPath(path.resolve(outDir))}/, nothing changed (${seconds()}s).\n${summaryLines(summary)}`,
      );
    return 0;
  }
  const { result } = built;
  progress.done();
  if (options.json) {
    const bytes = result.files.reduce((sum, file) => sum + file.bytes, 0);
    const byArea = (prefix: string) =>
      result.files.filter((file) => file.path.startsWith(prefix)).reduce((sum, file) => sum + file.bytes, 0);
    process.stdout.write(
      `${JSON.stringify(
        {
          ok: result.ok,
          upToDate: false,
          outDir: result.outDir,
          resources: result.resources,
          articles: result.articles,
          errors: result.problems.filter((problem) => problem.severity === 'error').length,
          warnings: result.problems.filter((problem) => problem.severity === 'warning').length,
          problems: result.problems,
          files: result.files.length,
          bytes: { total: bytes, public: byArea('public/'), worker: byArea('worker/') },
          ...(result.ok ? { worker: result.worker, grade: result.grade } : {}),
          phases: result.phases,
          threads: result.threads,
          ...(result.exportParts ? { exportParts: result.exportParts } : {}),
          ...(result.searchParts ? { searchParts: result.searchParts } : {}),
          seconds: Number(seconds()),
        },
        null,
        2,
      )}\n`,
    );
    return result.ok ? 0 : 1;
  }
  printProblems(result.problems, options.format);
  if (!result.ok) {
    process.stderr.write(`Build stopped: fix the errors above. ${displayPath(result.outDir)} was left as it was.\n`);
    return 1;
  }
  if (options.timings) {
    // The slowest emitters under emit+write, like Eleventy's benchmark lines: where to look first.
    const slowest = [...result.emitters].sort((a, b) => b.ms - a.ms).slice(0, 8);
    const parts = result.exportParts?.copied
      ? `\nexport parts: ${result.exportParts.copied} copied from the previous output, ${result.exportParts.made} made`
      : '';
    const searchParts = result.searchParts?.kept
      ? `\nsearch index parts: ${result.searchParts.kept} from the cache, ${result.searchParts.made} made`
      : '';
    process.stderr.write(
      `${result.phases.flatMap((phase) => [phaseLine(phase), ...(phase.phase === 'emit+write' ? slowest.map((emitter) => phaseLine(emitter, '  ')) : [])]).join('\n')}${parts}${searchParts}\n`,
    );
  }
  if (!options.quiet) {
    const bytes = result.files.reduce((sum, file) => sum + file.bytes, 0);
    // An incremental build says what it wrote; the kept files are part of the output but not of this build's work.
    const kept = result.kept?.files
      ? `${result.files.length - result.kept.files} files written (${((bytes - result.kept.bytes) / 1024).toFixed(0)} KiB), ${result.kept.files} kept`
      : `${result.files.length} files, ${(bytes / 1024).toFixed(0)} KiB`;
    process.stdout.write(
      `Built ${result.resources} resources and ${result.articles} articles into ${displayPath(result.outDir)}/ (${kept}) in ${seconds()}s.\n` +
        summaryLines({
          resources: result.resources,
          articles: result.articles,
          worker: result.worker!,
          grade: result.grade!,
        }),
    );
  }
  return 0;
}
