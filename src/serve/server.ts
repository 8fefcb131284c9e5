import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkRequestPath } from '../shared/request-path.js';
import { matchWorkerRoute, workerRoutePatterns } from '../shared/routes.js';
import { isWorkerData, routeOptions, type WorkerData } from '../shared/worker-data.js';
import { decodeAssetPath } from './asset-intent.js';
import { closeAfterAnswer, sendWebResponse, toWebRequest } from './node-adapter.js';
import { publicFolder, withPagesInMemory } from './public-files.js';
import type { ApiError } from '../schemas/types.js';
import { serveStatic } from './static-files.js';
import { parseHeaderRules, type HeaderRule } from '../shared/header-rules.js';
import { workerFirstMatcher } from './worker-first.js';
import { problemsPage } from './problems-page.js';
import { analyticsPage, analyticsPagePath, fromThisMachine } from './analytics-page.js';
import { nodeGraderNetwork } from '../grader-node/node-network.js';
import type { MemoryFile } from './quick-edit.js';
import type { ReadersDatabase } from '../shared/readers/database.js';

interface LoadedWorker {
  fetch(
    request: Request,
    env: Record<string, unknown>,
    context: { waitUntil(work: Promise<unknown>): void },
  ): Promise<Response>;
}

export interface ServeOptions {
  dist: string;
  port: number;
  host: string;
  environment: () => Record<string, string>;
  /** The readers database the worker records into (a SQLite file under serve), if any. */
  readers?: ReadersDatabase;
}

export class ServeError extends Error {
  override readonly name = 'ServeError';
}

/**
 * `agentdir serve`: the static files of the build, and exactly the worker's routes through the
 * built worker, the way a static host with the worker in front of its own routes would answer.
 */
interface LoadedBuild {
  worker: LoadedWorker;
  data: WorkerData;
  premium: Set<string>;
  /** Whether a path as sent is one of the worker's routes, as Cloudflare's router decides (`run_worker_first`). */
  workerFirst: (pathname: string) => boolean;
  rules: HeaderRule[];
}

export interface RunningServer {
  server: http.Server;
  url: string;
  /** Picks up a new build in the same folder: worker, data and header rules. Tells watching browsers to reload. */
  reload(): Promise<void>;
  /** Watch mode: the problems of a failed rebuild, shown to browsers instead of a stale page; null clears them. */
  showProblems(report: string | null): void;
  /**
   * Watch mode: serves the pages of edit number `edit` from memory at once, ahead of the build that
   * will write them, and tells watching browsers to reload.
   */
  serveEdit(pages: MemoryFile[], edit: number): void;
  /** Stops serving from memory the pages of edits up to `edit`: their build is loaded, or failed. */
  forgetEdits(edit: number): void;
  /** Resolves once the work the worker left after its answers (recording readers) is done. */
  idle(): Promise<void>;
}

let generation = 0;

/** The `_headers` rules of a build's public folder; none when it has no such file. */
function readHeaderRules(file: string): HeaderRule[] {
  return fs.existsSync(file) ? parseHeaderRules(fs.readFileSync(file, 'utf8')) : [];
}

/** The build's worker data; a file that does not parse, or not as worker data, is a build to make again. */
function readWorkerData(file: string): WorkerData {
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ServeError(
      `${file} does not parse as JSON (${(error as Error).message.split('\n')[0]}). Build again with \`agentdir build\`: it writes the file afresh.`,
    );
  }
  if (!isWorkerData(data))
    throw new ServeError(
      `${file} is not worker data this version of agentdir wrote (another version's, or edited by hand). Build again with \`agentdir build\`: it writes the file afresh.`,
    );
  return data;
}

async function loadBuild(dist: string): Promise<LoadedBuild> {
  const publicDir = path.join(dist, 'public');
  const workerFile = path.join(dist, 'worker', 'worker.js');
  const dataFile = path.join(dist, 'worker', 'data', 'worker-data.json');
  for (const required of [publicDir, workerFile, dataFile]) {
    if (!fs.existsSync(required))
      throw new ServeError(
        `${required} is missing. Run \`agentdir build\` first, or pass the build folder: \`agentdir serve path/to/dist\`.`,
      );
  }
  // A query string makes each rebuild a new module instance.
  const worker = (
    await import(`${pathToFileURL(workerFile).href}?build=${generation++}`).catch((error: Error) => {
      // Node's message quotes the failing line: of a minified worker, that is kilobytes of code.
      throw new ServeError(
        `${workerFile} does not load as an ES module (${error.name}: ${error.message.split('\n')[0]}). Build again with \`agentdir build\`: the build writes worker/package.json beside it, so Node reads it as one whatever package.json encloses the build folder.`,
      );
    })
  ).default as LoadedWorker;
  const data = readWorkerData(dataFile);
  return {
    worker,
    data,
    premium: new Set(Object.keys(data.premium)),
    workerFirst: workerFirstMatcher(workerRoutePatterns(Object.keys(data.premium), routeOptions(data))),
    rules: readHeaderRules(path.join(publicDir, '_headers')),
  };
}

const eventsPath = '/__agentdir/events';
const reloadScript = `<script>new EventSource(${JSON.stringify(eventsPath)}).onmessage = () => location.reload();</script>`;

/** Adds the live-reload script to an HTML page (watch mode only). */
async function withReloadScript(response: Response): Promise<Response> {
  if (!/^text\/html/.test(response.headers.get('content-type') ?? '') || !response.body) return response;
  const html = await response.text();
  if (html.includes(reloadScript)) return new Response(html, { status: response.status, headers: response.headers });
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(
    html.includes('</body>') ? html.replace('</body>', `${reloadScript}</body>`) : html + reloadScript,
    { status: response.status, headers },
  );
}

export async function startServer(options: ServeOptions & { watch?: boolean }): Promise<RunningServer> {
  const dist = path.resolve(options.dist);
  const publicDir = path.join(dist, 'public');
  let current = await loadBuild(dist);
  let problems: string | null = null;
  /** Pages of edits whose build is on its way, by their path under public/ (`/resources/x/index.html`). */
  const inMemory = new Map<string, { body: Uint8Array<ArrayBuffer>; edit: number }>();
  const files = withPagesInMemory(publicFolder(publicDir), inMemory);
  // Watch mode adds the reload script to pages, so no ETag would name what is sent.
  const serveFile = (request: Request) =>
    serveStatic(request, { files, rules: current.rules, validators: !options.watch });
  // One pinned network per server: POST /api/grader connects only to addresses it has checked.
  const graderNetwork = nodeGraderNetwork();
  const listeners = new Set<http.ServerResponse>();
  // Work the worker hands over to finish after its answer (recording readers), as Cloudflare's waitUntil.
  const pending = new Set<Promise<unknown>>();
  const afterAnswers = {
    waitUntil(work: Promise<unknown>) {
      const settled = work.catch(() => {}).finally(() => pending.delete(settled));
      pending.add(settled);
    },
  };
  const origin = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}`;
  // The worker's static-asset binding, as on Cloudflare: files of public/.
  const assets = {
    fetch: async (input: Request | string | URL) => serveFile(input instanceof Request ? input : new Request(input)),
  };

  const handle = async (request: Request): Promise<Response> => {
    const { worker, data, premium, workerFirst } = current;
    const url = new URL(request.url);
    if (problems !== null && request.method === 'GET' && /text\/html/.test(request.headers.get('accept') ?? ''))
      return problemsPage(problems);
    // The readers report, for this machine only (the address is the socket's, never a client's header).
    if (
      url.pathname === analyticsPagePath &&
      options.readers &&
      fromThisMachine(request.headers.get('cf-connecting-ip') ?? undefined)
    )
      return analyticsPage(url, options.readers, data);
    const toWorker = () =>
      worker.fetch(
        request,
        {
          ...options.environment(),
          ASSETS: assets,
          AGENTDIR_GRADER_NETWORK: graderNetwork,
          ...(options.readers ? { AGENTDIR_DB: options.readers } : {}),
        },
        afterAnswers,
      );
    // Refused paths go to the worker too, so both runtimes word the refusal the same way.
    if (!checkRequestPath(url).ok || workerFirst(url.pathname)) return toWorker();
    const answer = await serveFile(request);
    // Another spelling of a worker route is only ever redirected to it; should that rule ever change,
    // the worker answers rather than public/.
    if (answer.status !== 307 && matchWorkerRoute(decodeAssetPath(url.pathname), premium, routeOptions(data))) {
      await answer.body?.cancel();
      return toWorker();
    }
    return answer;
  };

  const server = http.createServer((incoming, outgoing) => {
    if (options.watch && incoming.url === eventsPath) {
      outgoing.writeHead(200, {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
      });
      outgoing.write(': watching\n\n');
      listeners.add(outgoing);
      incoming.on('close', () => listeners.delete(outgoing));
      return;
    }
    const respond = async () => {
      let response: Response;
      try {
        response = await handle(toWebRequest(incoming, `${origin}:${(server.address() as { port: number }).port}`));
        if (options.watch) response = await withReloadScript(response);
      } catch {
        const body = { error: 'bad_request', message: 'The request could not be read.' } satisfies ApiError;
        response = new Response(JSON.stringify(body), {
          status: 400,
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
        });
      }
      // A body left unread is not drained to keep the connection alive (Node would read it all): it closes instead.
      if (!incoming.complete) closeAfterAnswer(incoming, outgoing);
      await sendWebResponse(response, outgoing);
    };
    respond().catch(() => outgoing.destroy());
  });
  // Idle connections stay open longer than clients keep them (undici: 4 s), so the client is the
  // one that closes them: a server-side close racing a new request would fail that request.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.on('close', () => {
    for (const listener of listeners) listener.end();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new ServeError(
              `Port ${options.port} on ${options.host} is in use. Pick another with --port, or --port 0 for any free port.`,
            )
          : error,
      ),
    );
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as { port: number };
  const notify = () => {
    for (const listener of listeners) listener.write('data: reload\n\n');
  };
  return {
    server,
    url: `${origin}:${port}/`,
    async reload() {
      current = await loadBuild(dist);
      problems = null;
      notify();
    },
    showProblems(report) {
      problems = report;
      notify();
    },
    serveEdit(pages, edit) {
      for (const page of pages)
        inMemory.set(page.path.slice('public'.length), { body: new TextEncoder().encode(page.content), edit });
      notify();
    },
    forgetEdits(edit) {
      for (const [url, page] of inMemory) if (page.edit <= edit) inMemory.delete(url);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
