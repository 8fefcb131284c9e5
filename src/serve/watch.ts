import fs from 'node:fs';
import path from 'node:path';
import { formatProblems } from '../errors/format.js';
import { builtinSchemasDir, builtinTemplatesDir } from '../util/paths.js';
import { watchFolder } from './folder-watch.js';
import type { EditSession } from './edit-session.js';
import type { RunningServer } from './server.js';
import { buildUnlessUpToDate, type SiteBuildOptions } from './site-build.js';

export interface WatchOptions extends SiteBuildOptions {
  /** The input key of the build being served when watching starts (null: unknown). */
  servedKey?: string | null;
  /** The first build failed: the server shows its problems over an older build. */
  failing?: boolean;
  /** What the first build rendered from, when it ran; else it is loaded in the background. */
  session?: EditSession;
  log: (line: string) => void;
}

/**
 * Quiet time after the last event before looking at an edit: one save is often several events,
 * and an editor's save by rename sends them within a few milliseconds. A change that lands while a
 * rebuild runs starts another one after it, so a short wait loses nothing.
 */
const debounceMs = 30;

/**
 * Quiet time after the last change before a build starts: a burst of saves (a formatter, a
 * search-and-replace over many files, a save torn into several writes) becomes one build, and the
 * browsers told to reload after an edit served from memory fetch their page before the build
 * takes the thread.
 */
const buildQuietMs = 200;

/**
 * Rebuilds on every change to the content, the templates or the schemas (the parse cache makes one
 * edited file cost one document), then hands the new build to the server. An edit of free
 * resources' bodies, titles or descriptions is served from memory first (src/serve/quick-edit.ts). A
 * failed build leaves the last good one in place and shows its problems in the terminal and in the
 * browser.
 */
export function watchAndRebuild(server: RunningServer, options: WatchOptions): () => void {
  const folders = [options.contentDir, builtinTemplatesDir, builtinSchemasDir]
    .map((folder) => path.resolve(folder))
    .filter((folder) => fs.existsSync(folder));
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  let served = options.servedKey ?? null;
  let failing = options.failing ?? false;
  let session = options.session;
  // Numbered edits: a build includes every edit up to the number it saw when it started.
  let edits = 0;
  // Every change event, to tell whether one came in while an edit was being looked at.
  let changes = 0;
  // Paths changed since the last look; null when a change came without one (anything may have changed).
  let changed: Set<string> | null = new Set();
  const build = { ...options, onSession: (next: EditSession) => (session = next) };
  if (!session)
    void import('./quick-edit.js')
      .then(({ loadEditSession }) => loadEditSession(options))
      .then((loaded) => (session ??= loaded))
      .catch(() => {});

  const fail = (report: string) => {
    failing = true;
    options.log(`${report}\nThe last good build is still being served.`);
    server.showProblems(report);
  };

  const rebuild = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    const started = performance.now();
    const included = edits;
    try {
      const outcome = await buildUnlessUpToDate(build);
      server.forgetEdits(included);
      if (outcome.upToDate) {
        // An editor's swap file, or a save that changed nothing: no build, no reload.
        if (outcome.key === served && !failing) return;
        // Back to the content of the last good build, or built meanwhile by `agentdir build`.
        served = outcome.key;
        failing = false;
        await server.reload();
        options.log('Up to date; reloading open pages.');
        return;
      }
      const { result } = outcome;
      const report = formatProblems(result.problems, 'human');
      if (!result.ok) return fail(report);
      if (result.problems.length) options.log(report);
      served = outcome.key;
      failing = false;
      await server.reload();
      options.log(`Rebuilt in ${((performance.now() - started) / 1000).toFixed(2)}s; reloading open pages.`);
    } catch (error) {
      server.forgetEdits(included);
      const message = error instanceof Error ? error.message : String(error);
      fail(`Build failed: ${message}`);
    } finally {
      running = false;
      if (again) {
        again = false;
        void rebuild();
      }
    }
  };

  /** The edit since the last quiet moment: from memory when it only changed bodies or titles, and built either way. */
  const settle = async () => {
    const files = changed;
    changed = new Set();
    const seen = changes;
    const edit = ++edits;
    if (session && files?.size && !failing) {
      const started = performance.now();
      const { quickEdit } = await import('./quick-edit.js');
      // A change since this look has its own look coming: this one is superseded.
      if (changes !== seen) return;
      let pages: ReturnType<typeof quickEdit>;
      try {
        pages = quickEdit(session, [...files], options);
      } catch {
        // Whatever went wrong, the build that follows finds it and says where.
        pages = undefined;
      }
      if (pages) {
        server.serveEdit(pages, edit);
        options.log(`Served the edit from memory in ${Math.round(performance.now() - started)} ms; rebuilding.`);
      }
    }
    timer = setTimeout(() => void rebuild(), buildQuietMs);
  };

  const onChange = (file?: string) => {
    changes++;
    if (changed) {
      if (file) changed.add(file);
      else changed = null;
    }
    clearTimeout(timer);
    timer = setTimeout(() => void settle(), debounceMs);
  };
  const stops = folders.map((folder) => watchFolder(folder, { onChange, log: options.log }));
  return () => {
    clearTimeout(timer);
    for (const stop of stops) stop();
  };
}
