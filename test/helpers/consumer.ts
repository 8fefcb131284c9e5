import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './fixtures.js';
import { freePort } from './free-port.js';

// The consumer layer runs agentdir as its users get it: a packed tarball installed into a fresh
// `npm init -y` project, every command through npx, on whichever Node runs the tests (the Node
// matrix runs them under Node 22, 24 and 26 from consumer/node_modules).

/** Where the consumer tools live: pinned wrangler versions and the Node binaries of the matrix. */
export const consumerTools = path.join(repoRoot, 'consumer', 'node_modules');

const nodeMajor = Number(process.versions.node.split('.')[0]);

/** The pinned wrangler that runs on this Node: 4.86.0 on Node 20, the newer pin on 22 and later. */
export const wranglerBin = path.join(
  consumerTools,
  nodeMajor >= 22 ? 'wrangler' : 'wrangler-node20',
  'bin',
  'wrangler.js',
);

/** The environment of every command: this Node first on PATH, so npx and the scripts it starts run on it. */
export function consumerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
    NO_COLOR: '1',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    // wrangler: no telemetry, no questions, and no fetch of Cloudflare's request.cf data (offline in CI).
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    CI: '1',
    ...extra,
  };
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end in `cwd` and gives its exit code and output; never throws for a non-zero exit. */
export function runCommand(
  cwd: string,
  command: string,
  args: string[],
  options: { env?: Record<string, string>; input?: string; timeout?: number } = {},
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = execFile(
      command,
      args,
      {
        cwd,
        env: consumerEnv(options.env),
        encoding: 'utf8',
        timeout: options.timeout ?? 240_000,
        maxBuffer: 64 << 20,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    if (options.input !== undefined) child.stdin!.end(options.input);
  });
}

/** `npx agentdir ...` in the user's project. */
export function agentdir(project: string, args: string[], options: Parameters<typeof runCommand>[3] = {}) {
  return runCommand(project, 'npx', ['--no-install', 'agentdir', ...args], options);
}

/** `runCommand` that fails the test with the command's output unless it exits 0. */
export async function succeed(run: Promise<CommandResult>, what: string): Promise<CommandResult> {
  const result = await run;
  if (result.code !== 0) throw new Error(`${what} exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
  return result;
}

export interface LongRunning {
  url: string;
  output: () => string;
  close: () => Promise<void>;
}

/**
 * Starts a server command (npx agentdir serve, wrangler dev) in its own process group and waits for
 * `ready` in its output; `close` stops the whole group, so npx's children go with it.
 */
export async function startLongRunning(
  cwd: string,
  command: string,
  args: string[],
  ready: RegExp,
  options: { env?: Record<string, string>; timeout?: number } = {},
): Promise<LongRunning> {
  const child: ChildProcess = spawn(command, args, {
    cwd,
    env: consumerEnv(options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        resolve();
      }
    });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${command} ${args.join(' ')} did not get ready:\n${output}`)),
      options.timeout ?? 90_000,
    );
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] ?? match[0]);
      }
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`));
    });
  }).catch(async (error) => {
    await stop();
    throw error;
  });
  return { url, output: () => output, close: stop };
}

/** `wrangler <args>` in `cwd` (a build folder), with the pinned wrangler for this Node. */
export function wrangler(cwd: string, args: string[], options: Parameters<typeof runCommand>[3] = {}) {
  return runCommand(cwd, process.execPath, [wranglerBin, ...args], options);
}

/** `wrangler dev` in a build folder on free ports of 127.0.0.1, without its interactive session. */
export async function startWranglerDev(dist: string): Promise<LongRunning> {
  const [port, inspector] = [await freePort(), await freePort()];
  return startLongRunning(
    dist,
    process.execPath,
    [
      wranglerBin,
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--inspector-port',
      String(inspector),
      '--show-interactive-dev-session=false',
    ],
    /Ready on (http:\/\/127\.0\.0\.1:\d+)/,
    { timeout: 120_000 },
  );
}

/** The project's files as the user sees them, for a test that edits one. */
export function editFile(file: string, edit: (text: string) => string): void {
  fs.writeFileSync(file, edit(fs.readFileSync(file, 'utf8')));
}
