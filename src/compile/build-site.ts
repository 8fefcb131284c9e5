import path from 'node:path';
import type { Problem } from '../errors/problem.js';
import type { BuildOptions, BuildResult } from './build.js';
import { buildOptionsProblem } from './option-problems.js';
import type { BuildManifest } from './up-to-date.js';

export interface SiteBuildOptions extends BuildOptions {
  /**
   * true: when `outDir` was built from exactly these inputs, answer with its manifest, before the
   * compiler is even loaded. A manifest without a grade (`serve --watch` skips it) is not enough
   * for a build that grades.
   */
  reuseUpToDate: boolean;
  /** How the output folder was given, as a refusal quotes it (`--out` unless a command names it otherwise). */
  outOption?: string;
}

/** What `buildSite` did: compiled (`result`), refused before any work, or nothing, `outDir` being up to date. */
export type SiteBuild = UpToDateSite | BuiltSite;

/** `outDir` was already built from exactly these inputs: nothing was read beyond the inputs, nothing written. */
export interface UpToDateSite {
  upToDate: true;
  key: string;
  manifest: BuildManifest;
}

export interface BuiltSite {
  upToDate: false;
  /** The input key of the build, when `reuseUpToDate` computed it (null: the content folder has no site.yaml). */
  key: string | null;
  /** true: the options or the output folder were refused (`result.problems`); nothing was read or written. */
  refused: boolean;
  result: BuildResult;
}

/**
 * The one entry point of a build, for `agentdir build`, `serve --watch` and the build API: checks
 * the options and the output folder, then (with `reuseUpToDate`) whether `outDir` is up to date,
 * then compiles. The compiler is loaded only when a build follows, so an unchanged site is
 * answered in a fraction of a second.
 */
export async function buildSite(options: SiteBuildOptions & { reuseUpToDate: false }): Promise<BuiltSite>;
export async function buildSite(options: SiteBuildOptions): Promise<SiteBuild>;
export async function buildSite(options: SiteBuildOptions): Promise<SiteBuild> {
  const { contentDir, outDir } = options;
  // Before any work: a folder the build may not replace is refused with nothing touched.
  const { checkOutputFolder } = await import('./output-folder-guard.js');
  const unsafe =
    buildOptionsProblem(options) ??
    checkOutputFolder({ outDir, contentDir, ...(options.outOption ? { option: options.outOption } : {}) });
  if (unsafe) return { upToDate: false, key: null, refused: true, result: refusedBuild(outDir, unsafe) };
  let key: string | null | undefined;
  if (options.reuseUpToDate) {
    const { checkUpToDate } = await import('./up-to-date.js');
    const checked = checkUpToDate({
      contentDir,
      outDir,
      cacheDir: options.cacheDir ?? null,
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      ...(options.sourceDateEpoch ? { sourceDateEpoch: options.sourceDateEpoch } : {}),
    });
    key = checked.key;
    const { manifest } = checked;
    // Output built by `serve --watch` carries no grade: build again (incremental) to grade it.
    if (key && manifest && (options.grade === false || graded(manifest))) return { upToDate: true, key, manifest };
  }
  const { compile } = await import('./build.js');
  // The inputs were digested for the up-to-date check: reading every file again would be wasted.
  const result = await compile({ ...options, ...(key !== undefined ? { inputKey: key } : {}) });
  return { upToDate: false, key: key ?? null, refused: false, result };
}

function graded(manifest: BuildManifest): boolean {
  return Boolean((manifest.summary as { grade?: unknown } | undefined)?.grade);
}

function refusedBuild(outDir: string, problem: Problem): BuildResult {
  return {
    ok: false,
    problems: [problem],
    outDir: path.resolve(outDir),
    files: [],
    resources: 0,
    articles: 0,
    phases: [],
    emitters: [],
    threads: { parse: 0, render: 0 },
  };
}
