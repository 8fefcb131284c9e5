import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { cliPath, repoRoot, tempDir } from './fixtures.js';
import { stopProcess } from './stop-process.js';

export interface WatchServer {
  url: string;
  /** Everything the process printed so far, stdout and stderr. */
  output: () => string;
  /** GET `pathname` (with its leading slash). */
  get: (pathname: string, headers?: Record<string, string>) => Promise<{ status: number; text: string }>;
  close: () => Promise<void>;
}

/** Starts the real CLI, `agentdir serve <dist> --watch --content <content>`, and waits for its address. */
export async function startWatchServer(
  dist: string,
  content: string,
  env: NodeJS.ProcessEnv = {},
): Promise<WatchServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      cliPath,
      'serve',
      dist,
      '--watch',
      '--content',
      content,
      '--port',
      '0',
      '--keys-file',
      path.join(tempDir(), 'keys.json'),
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/\S+\//.exec(output);
      if (match) resolve(match[0]);
    });
    child.once('exit', (code) => reject(new Error(`serve --watch exited with ${code} before serving:\n${output}`)));
  });
  return {
    url,
    output: () => output,
    async get(pathname, headers = {}) {
      const response = await fetch(`${url}${pathname.slice(1)}`, { headers });
      return { status: response.status, text: await response.text() };
    },
    close: () => stopProcess(child),
  };
}

/** Polls until `check` passes: rebuilds happen in the background, a little after a save. */
export async function eventually(check: () => Promise<void>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
