import { buildSite, type SiteBuild } from '../compile/build-site.js';
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

/**
 * Brings `dist` up to date with the content the way `agentdir build` does (buildSite): nothing to
 * do when its manifest was built from the same inputs, else an incremental build that reuses the
 * parse cache. Throws what the build throws (a template that does not parse, say).
 */
export async function buildUnlessUpToDate(options: SiteBuildOptions): Promise<SiteBuild> {
  const { onSession } = options;
  return buildSite({
    contentDir: options.contentDir,
    outDir: options.dist,
    cacheDir: options.cacheDir,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(options.sourceDateEpoch ? { sourceDateEpoch: options.sourceDateEpoch } : {}),
    reuseUpToDate: true,
    // Watch mode builds into `dist`: a refusal names the command, not `--out`.
    outOption: 'agentdir serve --watch',
    // Not shown while watching: `agentdir build` or `agentdir grade` grades the site.
    grade: false,
    ...(onSession ? { onContext: (context, sentences) => onSession(editSession(context, sentences)) } : {}),
  });
}
