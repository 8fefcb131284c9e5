import path from 'node:path';
import { formatProblems } from '../errors/format.js';
import { displayPath } from '../util/paths.js';
import { buildUnlessUpToDate, type SiteBuildOptions } from './site-build.js';

export type FirstWatchBuild =
  /** `key`: the input key of what is now in `dist`; `warnings`: the build's report, when it had any. */
  | { ok: true; key: string | null; summary: string; warnings: string | null }
  /** `refused`: the options or `dist` were refused before any work, so nothing is to be served. */
  | { ok: false; key: null; report: string; refused: boolean };

/**
 * What `serve --watch` does before serving: bring `dist` up to date with the content. Fast when
 * nothing changed since the last build (one digest of the inputs); otherwise an incremental build.
 */
export async function firstWatchBuild(options: SiteBuildOptions): Promise<FirstWatchBuild> {
  const started = performance.now();
  const shown = `${displayPath(path.resolve(options.dist))}/`;
  const seconds = () => ((performance.now() - started) / 1000).toFixed(2);
  let outcome: Awaited<ReturnType<typeof buildUnlessUpToDate>>;
  try {
    outcome = await buildUnlessUpToDate(options);
  } catch (error) {
    return {
      ok: false,
      key: null,
      report: `Build failed: ${error instanceof Error ? error.message : String(error)}`,
      refused: false,
    };
  }
  if (outcome.upToDate)
    return {
      ok: true,
      key: outcome.key,
      summary: `Up to date: ${shown} was built from this content (${seconds()}s).`,
      warnings: null,
    };
  const { result } = outcome;
  const report = formatProblems(result.problems, 'human');
  if (!result.ok) return { ok: false, key: null, report, refused: outcome.refused };
  return {
    ok: true,
    key: outcome.key,
    summary: `Built ${result.resources} resources and ${result.articles} articles into ${shown} in ${seconds()}s.`,
    warnings: result.problems.length ? report : null,
  };
}
