import fs from 'node:fs';
import path from 'node:path';
import { keyFilePath } from '../keys/key-file.js';
import { ServeError, startServer } from '../serve/server.js';
import { workerEnvironment } from '../serve/worker-env.js';
import { displayPath } from '../util/paths.js';
import { baseUrlProblem } from '../build/option-problems.js';

export interface ServeCommandOptions {
  port: string;
  host: string;
  envFile?: string;
  keysFile?: string;
  watch?: boolean;
  content?: string;
  baseUrl?: string;
}

export async function serveCommand(dist: string, options: ServeCommandOptions): Promise<number> {
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port must be a whole number from 0 to 65535 (got "${options.port}").\n`);
    return 1;
  }
  let started;
  try {
    const keysFile = keyFilePath(options.keysFile);
    if (options.watch) {
      // Watch mode builds into `dist`: refuse a folder a build may not replace before anything else.
      const { checkOutputFolder } = await import('../build/output-folder-guard.js');
      const unsafe = baseUrlProblem(options.baseUrl) ?? checkOutputFolder({ outDir: dist, contentDir: options.content ?? 'content', option: 'agentdir serve --watch' });
      if (unsafe) {
        const { formatProblems } = await import('../errors/format.js');
        process.stderr.write(`${formatProblems([unsafe], 'human')}\n`);
        return 1;
      }
    }
    if (options.watch && !fs.existsSync(path.join(dist, 'worker', 'worker.js'))) {
      // Watching from scratch: make the first build, so there is something to serve.
      const { build } = await import('../build/build.js');
      const first = await build({ contentDir: options.content ?? 'content', outDir: dist, cacheDir: path.resolve('node_modules/.cache/agentdir'), ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) });
      if (!first.ok) {
        const { formatProblems } = await import('../errors/format.js');
        process.stderr.write(`${formatProblems(first.problems, 'human')}\nFix the problems above, then run serve again.\n`);
        return 1;
      }
    }
    started = await startServer({ dist, port, host: options.host, watch: Boolean(options.watch), environment: workerEnvironment({ keysFile, ...(options.envFile ? { envFile: options.envFile } : {}) }) });
  } catch (error) {
    if (!(error instanceof ServeError) && (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    process.stderr.write(`${(error as Error).message}\n`);
    return 1;
  }
  let stopWatching = () => {};
  if (options.watch) {
    const { watchAndRebuild } = await import('../serve/watch.js');
    stopWatching = watchAndRebuild(started, {
      contentDir: options.content ?? 'content',
      dist,
      cacheDir: path.resolve('node_modules/.cache/agentdir'),
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      log: (line) => process.stderr.write(`${line}\n`),
    });
    process.stdout.write(`Watching ${displayPath(path.resolve(options.content ?? 'content'))}/ and the templates; pages reload on every rebuild.\n`);
  }
  // Printed last: once the address is out, everything (the watcher too) is ready.
  process.stdout.write(`agentdir serve: ${started.url} (${displayPath(dist)}/). Press Ctrl-C to stop.\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      stopWatching();
      started.server.close(() => resolve());
      started.server.closeAllConnections();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
