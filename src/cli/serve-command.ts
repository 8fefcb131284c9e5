import { keyFilePath } from '../keys/key-file.js';
import { ServeError, startServer } from '../serve/server.js';
import { workerEnvironment } from '../serve/worker-env.js';
import { displayPath } from '../util/paths.js';

export async function serveCommand(dist: string, options: { port: string; host: string; envFile?: string; keysFile?: string }): Promise<number> {
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port must be a whole number from 0 to 65535 (got "${options.port}").\n`);
    return 1;
  }
  let started;
  try {
    const keysFile = keyFilePath(options.keysFile);
    started = await startServer({ dist, port, host: options.host, environment: workerEnvironment({ keysFile, ...(options.envFile ? { envFile: options.envFile } : {}) }) });
  } catch (error) {
    if (!(error instanceof ServeError) && (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    process.stderr.write(`${(error as Error).message}\n`);
    return 1;
  }
  process.stdout.write(`agentdir serve: ${started.url} (${displayPath(dist)}/). Press Ctrl-C to stop.\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      started.server.close(() => resolve());
      started.server.closeAllConnections();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
