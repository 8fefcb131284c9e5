import fs from 'node:fs';
import path from 'node:path';
import { build } from '../build/build.js';
import { formatProblems } from '../errors/format.js';
import { builtinSchemasDir, builtinTemplatesDir } from '../util/paths.js';
import type { RunningServer } from './server.js';

export interface WatchOptions {
  contentDir: string;
  dist: string;
  cacheDir: string | null;
  baseUrl?: string;
  log: (line: string) => void;
}

/**
 * Rebuilds on every change to the content, the templates or the schemas (the parse cache makes one
 * edited file cost one document), then hands the new build to the server. A failed build leaves the
 * last good one in place and shows its problems in the terminal and in the browser.
 */
export function watchAndRebuild(server: RunningServer, options: WatchOptions): () => void {
  const folders = [options.contentDir, builtinTemplatesDir, builtinSchemasDir].map((folder) => path.resolve(folder)).filter((folder) => fs.existsSync(folder));
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;

  const rebuild = async () => {
    if (running) return void (again = true);
    running = true;
    const started = performance.now();
    try {
      const result = await build({ contentDir: options.contentDir, outDir: options.dist, cacheDir: options.cacheDir, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) });
      const report = formatProblems(result.problems, 'human');
      if (!result.ok) {
        options.log(`${report}\nThe last good build is still being served.`);
        server.showProblems(report);
      } else {
        if (result.problems.length) options.log(report);
        await server.reload();
        options.log(`Rebuilt in ${((performance.now() - started) / 1000).toFixed(2)}s; reloading open pages.`);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.log(`Build failed: ${message}\nThe last good build is still being served.`);
      server.showProblems(message);
    } finally {
      running = false;
      if (again) {
        again = false;
        void rebuild();
      }
    }
  };

  const watchers = folders.map((folder) =>
    fs.watch(folder, { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(() => void rebuild(), 120);
    }),
  );
  return () => {
    clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
  };
}
