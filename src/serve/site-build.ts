import type { BuildResult } from '../compile/build.js';
import { type EditSession, editSession } from './edit-session.js';

export interface SiteBuildOptions {
  contentDir: string;
  dist: string;
  cacheDir: string | null;
  baseUrl?: string;
  /** As for `agentdir build`: the same value gives the same key, so either command's output counts as up to date. */
  sourceDateEpoch?: string;
  /** Receives what a successful build rendered from: what quick edits render against. */
  onSession?: (session: EditSession) => void;
}

export type SiteBuild =
  /** `dist` was already built from exactly these inputs: nothing was written. */
  { upToDate: true; key: string } | { upToDate: false; key: string | null; result: BuildResult };

/**
 * Brings `dist` up to date with the content the way `agentdir build` does: nothing to do when its
 * manifest was built from the same inputs, else an incremental build that reuses the parse cache.
 * Throws what the build throws (a template that does not parse, say).
 */
export async function buildUnlessUpToDate(options: SiteBuildOptions): Promise<SiteBuild> {
  const { checkUpToDate } = await import('../compile/up-to-date.js');
  const settings = {
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(options.sourceDateEpoch ? { sourceDateEpoch: options.sourceDateEpoch } : {}),
  };
  const { key, manifest } = checkUpToDate({
    contentDir: options.contentDir,
    outDir: options.dist,
    cacheDir: options.cacheDir,
    ...settings,
  });
  if (key && manifest) return { upToDate: true, key };
  const { build } = await import('../compile/build.js');
  const { onSession } = options;
  const result = await build({
    contentDir: options.contentDir,
    outDir: options.dist,
    cacheDir: options.cacheDir,
    ...settings,
    inputKey: key,
    // Not shown while watching: `agentdir build` or `agentdir grade` grades the site.
    grade: false,
    ...(onSession ? { onContext: (context, sentences) => onSession(editSession(context, sentences)) } : {}),
  });
  return { upToDate: false, key, result };
}
