import fs from 'node:fs';
import path from 'node:path';
import { formatProblems } from '../errors/format.js';
import { builtinSchemasDir, builtinTemplatesDir } from '../util/paths.js';
import { watchFolder } from './folder-watch.js';
import type { RunningServer } from './server.js';
import { buildUnlessUpToDate, type SiteBuildOptions } from './site-build.js';

export interface WatchOptions extends SiteBuildOptions {
  /** The input key of the build being served when watching starts (null: unknown). */
  servedKey?: string | null;
  /** The first build failed: the server shows its problems over an older build. */
  failing?: boolean;
  log: (line: string) => void;
}

/**
 * Quiet time after the last event before rebuilding: one save is often several events, and an
 * editor's save by rename sends them within a few milliseconds. A change that lands while a
 * rebuild runs starts another one after it, so a short wait loses nothing.
 */
const debounceMs = 30;

/**
 * Rebuilds on every change to the content, the templates or the schemas (the parse cache makes one
 * edited file cost one document), then hands the new build to the server. A failed build leaves the
 * last good one in place and shows its problems in the terminal and in the browser.
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
    try {
      const outcome = await buildUnlessUpToDate(options);
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

  const onChange = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void rebuild(), debounceMs);
  };
  const stops = folders.map((folder) => watchFolder(folder, { onChange, log: options.log }));
  return () => {
    clearTimeout(timer);
    for (const stop of stops) stop();
  };
}
