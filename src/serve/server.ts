import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkRequestPath } from '../shared/request-path.js';
import { matchWorkerRoute } from '../shared/routes.js';
import type { WorkerData } from '../shared/worker-data.js';
import { sendWebResponse, toWebRequest } from './node-adapter.js';
import { serveStatic } from './static-files.js';
import { readHeaderRules } from './header-rules.js';
import { resolveHost } from '../grader/resolve-host.js';

interface LoadedWorker {
  fetch(request: Request, env: Record<string, unknown>): Promise<Response>;
}

export interface ServeOptions {
  dist: string;
  port: number;
  host: string;
  environment: () => Record<string, string>;
}

export class ServeError extends Error {
  override readonly name = 'ServeError';
}

/**
 * `agentdir serve`: the static files of the build, and exactly the worker's routes through the
 * built worker, the way a static host with the worker in front of its own routes would answer.
 */
export async function startServer(options: ServeOptions): Promise<{ server: http.Server; url: string }> {
  const dist = path.resolve(options.dist);
  const publicDir = path.join(dist, 'public');
  const workerFile = path.join(dist, 'worker', 'worker.js');
  const dataFile = path.join(dist, 'worker', 'data', 'worker-data.json');
  for (const required of [publicDir, workerFile, dataFile]) {
    if (!fs.existsSync(required)) throw new ServeError(`${required} is missing. Run \`agentdir build\` first, or pass the build folder: \`agentdir serve path/to/dist\`.`);
  }
  const worker = (await import(pathToFileURL(workerFile).href)).default as LoadedWorker;
  const data = JSON.parse(fs.readFileSync(dataFile, 'utf8')) as WorkerData;
  const premium = new Set(Object.keys(data.premium));
  const rules = readHeaderRules(path.join(publicDir, '_headers'));
  const origin = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}`;
  // The worker's static-asset binding, as on Cloudflare: files of public/.
  const assets = {
    fetch: async (input: Request | string | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      const checked = checkRequestPath(new URL(request.url));
      return serveStatic(publicDir, request, checked.ok ? checked.pathname : '/404.html', rules);
    },
  };

  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const checked = checkRequestPath(url);
    if (checked.ok && !matchWorkerRoute(checked.pathname, premium, { negotiation: data.negotiation })) return serveStatic(publicDir, request, checked.pathname, rules);
    // Refused paths go to the worker too, so both runtimes word the refusal the same way.
    return worker.fetch(request, { ...options.environment(), ASSETS: assets, AGENTDIR_RESOLVE_HOST: resolveHost });
  };

  const server = http.createServer((incoming, outgoing) => {
    const respond = async () => {
      let response: Response;
      try {
        response = await handle(toWebRequest(incoming, `${origin}:${(server.address() as { port: number }).port}`));
      } catch {
        response = new Response(JSON.stringify({ error: 'bad_request', message: 'The request could not be read.' }), { status: 400, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
      }
      await sendWebResponse(response, outgoing);
    };
    respond().catch(() => outgoing.destroy());
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new ServeError(`Port ${options.port} on ${options.host} is in use. Pick another with --port, or --port 0 for any free port.`) : error),
    );
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as { port: number };
  return { server, url: `${origin}:${port}/` };
}
