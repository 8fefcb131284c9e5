import fs from 'node:fs';
import path from 'node:path';
import { analyticsPagePath } from '../serve/analytics-page.js';
import { openReadersDatabase, readersDatabasePath } from '../serve/readers-database.js';
import { keyFilePath } from '../keys/key-file.js';
import type { FirstWatchBuild } from '../serve/first-watch-build.js';
import type { EditSession } from '../serve/edit-session.js';
import { ServeError, startServer } from '../serve/server.js';
import { workerEnvironment } from '../serve/worker-env.js';
import { displayPath } from '../util/paths.js';
import { projectFolders } from '../project/project-folders.js';
import { contentGivenAsBuild } from '../serve/content-given-as-build.js';

export interface ServeCommandOptions {
  port: string;
  host: string;
  envFile?: string;
  keysFile?: string;
  watch?: boolean;
  content?: string;
  baseUrl?: string;
}

export async function serveCommand(givenDist: string | undefined, options: ServeCommandOptions): Promise<number> {
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port must be a whole number from 0 to 65535 (got "${options.port}").\n`);
    return 1;
  }
  const misplaced = givenDist === undefined ? null : contentGivenAsBuild(givenDist, Boolean(options.watch));
  if (misplaced) {
    process.stderr.write(`${misplaced}\n`);
    return 1;
  }
  const folders = projectFolders(
    { content: options.content, contentFrom: '--content', out: givenDist },
    { needsContent: Boolean(options.watch) },
  );
  if (!folders.ok) {
    const { formatProblems } = await import('../errors/format.js');
    process.stderr.write(`${formatProblems(folders.problems, 'human')}\n`);
    return 1;
  }
  const { contentDir, outDir: dist } = folders;
  let started: Awaited<ReturnType<typeof startServer>>;
  const cacheDir = path.resolve('node_modules/.cache/agentdir');
  // As `agentdir build` does, so a dist from either command counts as up to date for the other.
  const sourceDateEpoch = process.env.SOURCE_DATE_EPOCH;
  const watchBuild = {
    contentDir,
    dist,
    cacheDir,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(sourceDateEpoch ? { sourceDateEpoch } : {}),
  };
  let first: FirstWatchBuild | undefined;
  // The file is made on the first event recorded: a site with analytics off never creates it.
  const readers = openReadersDatabase(readersDatabasePath());
  // What the first build rendered from, kept for the edits that follow it.
  let session: EditSession | undefined;
  try {
    const keysFile = keyFilePath(options.keysFile);
    if (options.watch) {
      // Bring `dist` up to date before serving it: a page added since the last build must not 404.
      // A folder a build may not replace is refused before anything else.
      const { firstWatchBuild } = await import('../serve/first-watch-build.js');
      first = await firstWatchBuild({ ...watchBuild, onSession: (built) => (session = built) });
      if (!first.ok && first.refused) {
        process.stderr.write(`${first.report}\n`);
        return 1;
      }
      if (!first.ok && !fs.existsSync(path.join(dist, 'worker', 'worker.js'))) {
        process.stderr.write(`${first.report}\nFix the problems above, then run serve again.\n`);
        return 1;
      }
    }
    started = await startServer({
      dist,
      port,
      host: options.host,
      watch: Boolean(options.watch),
      environment: workerEnvironment({ keysFile, ...(options.envFile ? { envFile: options.envFile } : {}) }),
      readers,
    });
  } catch (error) {
    if (!(error instanceof ServeError) && (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    process.stderr.write(`${(error as Error).message}\n`);
    return 1;
  }
  let stopWatching = () => {};
  if (options.watch) {
    const { watchAndRebuild } = await import('../serve/watch.js');
    if (first && !first.ok) {
      process.stderr.write(`${first.report}\nThe last good build is being served until the content builds again.\n`);
      started.showProblems(first.report);
    }
    stopWatching = watchAndRebuild(started, {
      ...watchBuild,
      ...(session ? { session } : {}),
      servedKey: first?.key ?? null,
      failing: first ? !first.ok : false,
      log: (line) => process.stderr.write(`${line}\n`),
    });
    if (first?.ok) {
      if (first.warnings) process.stderr.write(`${first.warnings}\n`);
      process.stdout.write(`${first.summary}\n`);
    }
    process.stdout.write(
      `Watching ${displayPath(path.resolve(contentDir))}/ and the templates; pages reload on every rebuild.\n`,
    );
  }
  // Printed last: once the address is out, everything (the watcher too) is ready.
  process.stdout.write(
    `agentdir serve: ${started.url} (${displayPath(dist)}/); readers report, for this machine only: ${started.url}${analyticsPagePath.slice(1)}. Press Ctrl-C to stop.\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => {
      stopWatching();
      // Events of the last answers are written before the process ends.
      started.server.close(
        () =>
          void started
            .idle()
            .then(() => readers.close())
            .finally(resolve),
      );
      started.server.closeAllConnections();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
