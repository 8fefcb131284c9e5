import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Miniflare } from 'miniflare';
import type { ReadersDatabase } from '../../src/shared/readers/database.js';
import { cliPath, repoRoot } from './fixtures.js';
import { applyReadersMigration } from './readers-migration.js';
import { stopProcess } from './stop-process.js';
import { printWorkerdOutput } from './workerd-output.js';

export interface RuntimeResponse {
  status: number;
  headers: Headers;
  body: string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A running build: the same requests go to `agentdir serve` or to workerd, and the cases do not know which. */
export interface Runtime {
  name: 'serve' | 'workerd';
  request(pathname: string, options?: RequestOptions): Promise<RuntimeResponse>;
  /** The origin the worker sees requests arrive at: serve's own address, `https://site.test` under workerd. */
  origin: string;
  /** A `fetch` for clients that bring their own (x402's), sending to this runtime as `request` does. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** Replaces the worker's AGENTDIR_KEYS, as `wrangler secret put` would (serve re-reads its key file instead). */
  close(): Promise<void>;
}

/** Starts the real CLI, `agentdir serve <dist> --port 0`, and waits for the address it prints. */
export async function startServe(
  dist: string,
  keysFile: string,
  extraEnv: Record<string, string> = {},
  port = 0,
  extraArgs: string[] = [],
): Promise<Runtime & { url: string; child: ChildProcess }> {
  const args = [cliPath, 'serve', dist, '--port', String(port), '--keys-file', keysFile, ...extraArgs];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...extraEnv, AGENTDIR_KEYS: '', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  delete (child as { env?: unknown }).env;
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${output}`)), 15_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /agentdir serve: (http:\/\/[^/\s]+:\d+\/)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
  return {
    name: 'serve',
    url,
    child,
    request: (pathname, options = {}) => rawRequest(url, pathname, options),
    origin: url.replace(/\/$/, ''),
    fetch: (input, init) => fetch(input, init),
    close: () => stopProcess(child),
  };
}

/** An HTTP request with the path sent exactly as written (fetch would normalize `..` and encodings away). */
export function rawRequest(base: string, pathname: string, options: RequestOptions = {}): Promise<RuntimeResponse> {
  const target = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: options.method ?? 'GET',
        path: pathname,
        headers: options.headers ?? {},
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
          resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** The generated wrangler.jsonc, read the way wrangler reads it (comments allowed on their own lines). */
export function readWranglerConfig(dist: string): {
  main: string;
  compatibility_date: string;
  rules?: { type: 'ESModule'; globs: string[] }[];
  assets: {
    directory: string;
    binding: string;
    html_handling: string;
    not_found_handling: string;
    run_worker_first: string[];
  };
} {
  const text = fs.readFileSync(path.join(dist, 'wrangler.jsonc'), 'utf8');
  return JSON.parse(text.replace(/^\s*\/\/.*$/gm, ''));
}

/**
 * The worker's modules as wrangler.jsonc deploys them: worker.js, and the modules it loads when it
 * needs them (its ESModule rules), which Miniflare would otherwise read as CommonJS.
 */
export function workerModules(dist: string) {
  const config = readWranglerConfig(dist);
  return {
    modules: true,
    scriptPath: path.join(dist, config.main),
    modulesRoot: path.dirname(path.join(dist, config.main)),
    modulesRules: (config.rules ?? []).map((rule) => ({ type: rule.type, include: rule.globs })),
  };
}

/**
 * What workerd binds as `AGENTDIR_DB`: a D1 database with the readers tables, one without them (a
 * deploy that skipped `wrangler d1 migrations apply`), or a KV namespace (not a database at all).
 */
export type ReadersBinding = 'd1' | 'd1-without-tables' | 'kv-namespace';

export interface WorkerdOptions {
  inspector?: boolean;
  readersDatabase?: ReadersBinding;
  /** Sent as `cf-connecting-ip` with every request unless the request sets it, as Cloudflare would. */
  clientAddress?: string;
}

const workerdOrigin = 'https://site.test';

/** Runs the built worker inside real workerd, with the assets folder and routing of the generated config. */
export async function startWorkerd(
  dist: string,
  bindings: Record<string, string>,
  port = 0,
  { inspector = false, readersDatabase, clientAddress }: WorkerdOptions = {},
): Promise<
  Runtime & {
    url: string;
    miniflare: Miniflare;
    /** The D1 database bound as `AGENTDIR_DB`, when `readersDatabase` binds one. */
    readers: ReadersDatabase | null;
    setKeys(secret: string): Promise<void>;
  }
> {
  const config = readWranglerConfig(dist);
  const options = (keys: Record<string, string>) => ({
    host: '127.0.0.1',
    port,
    // workerd's V8 inspector, for reading the worker isolate's heap (isolate-heap.ts).
    ...(inspector ? { inspectorPort: 0 } : {}),
    ...workerModules(dist),
    compatibilityDate: config.compatibility_date,
    bindings: keys,
    ...(readersDatabase === 'kv-namespace'
      ? { kvNamespaces: ['AGENTDIR_DB'] }
      : readersDatabase
        ? { d1Databases: ['AGENTDIR_DB'] }
        : {}),
    handleRuntimeStdio: printWorkerdOutput,
    assets: {
      directory: path.join(dist, config.assets.directory),
      binding: config.assets.binding,
      routerConfig: {
        has_user_worker: true,
        invoke_user_worker_ahead_of_assets: false,
        static_routing: { user_worker: config.assets.run_worker_first },
      },
      assetConfig: {
        html_handling: config.assets.html_handling as 'drop-trailing-slash',
        not_found_handling: config.assets.not_found_handling as '404-page',
      },
    },
  });
  const miniflare = new Miniflare(options(bindings));
  const url = (await miniflare.ready).href;
  let readers: ReadersDatabase | null = null;
  if (readersDatabase === 'd1' || readersDatabase === 'd1-without-tables') {
    readers = (await miniflare.getD1Database('AGENTDIR_DB')) as unknown as ReadersDatabase;
    if (readersDatabase === 'd1') await applyReadersMigration(readers);
  }
  const withAddress = (headers: HeadersInit | undefined): Record<string, string> => {
    const given = new Headers(headers);
    if (clientAddress && !given.has('cf-connecting-ip')) given.set('cf-connecting-ip', clientAddress);
    return Object.fromEntries(given);
  };
  return {
    name: 'workerd',
    url,
    miniflare,
    readers,
    origin: workerdOrigin,
    async request(pathname, requestOptions = {}) {
      const response = await miniflare.dispatchFetch(`${workerdOrigin}${pathname}`, {
        method: requestOptions.method ?? 'GET',
        headers: withAddress(requestOptions.headers),
        ...(requestOptions.body === undefined ? {} : { body: requestOptions.body }),
        redirect: 'manual',
      });
      const body = await response.text();
      return { status: response.status, headers: new Headers([...response.headers]), body };
    },
    async fetch(input, init = {}) {
      const request = new Request(input, init);
      const body = request.body ? await request.text() : undefined;
      const response = await miniflare.dispatchFetch(request.url, {
        method: request.method,
        headers: withAddress(request.headers),
        ...(body === undefined ? {} : { body }),
        redirect: 'manual',
      });
      return new Response(await response.arrayBuffer(), {
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
      });
    },
    async setKeys(secret) {
      await miniflare.setOptions(options({ ...bindings, AGENTDIR_KEYS: secret }));
    },
    close: () => miniflare.dispose(),
  };
}
