import { exportSecret, readKeyFile } from '../../src/keys/key-file.js';
import { startServe, startWorkerd } from './runtimes.js';

export type ServeRuntime = Awaited<ReturnType<typeof startServe>>;
export type WorkerdRuntime = Awaited<ReturnType<typeof startWorkerd>>;

/** One build served twice: by `agentdir serve` and by the worker in workerd. */
export interface RuntimePair {
  serve: ServeRuntime;
  workerd: WorkerdRuntime;
  /** Both, serve first. */
  both: readonly [ServeRuntime, WorkerdRuntime];
  close(): Promise<void>;
}

export interface RuntimePairOptions {
  /** Variables both runtimes see: serve's environment, workerd's bindings. */
  env?: Record<string, string>;
  /**
   * Bind the key file's keys as workerd's `AGENTDIR_KEYS`, as `wrangler secret put` would (the
   * default); false leaves the worker without keys. Serve reads the key file either way.
   */
  workerdKeys?: boolean;
}

/** Starts `agentdir serve` on `site.dist` with its key file, then workerd on the same build. */
export async function runtimePair(
  site: { dist: string; keysFile: string },
  { env = {}, workerdKeys = true }: RuntimePairOptions = {},
): Promise<RuntimePair> {
  const serve = await startServe(site.dist, site.keysFile, env);
  let workerd: WorkerdRuntime;
  try {
    const keys: Record<string, string> = workerdKeys ? { AGENTDIR_KEYS: exportSecret(readKeyFile(site.keysFile)) } : {};
    workerd = await startWorkerd(site.dist, { ...env, ...keys });
  } catch (error) {
    await serve.close();
    throw error;
  }
  return {
    serve,
    workerd,
    both: [serve, workerd],
    close: async () => {
      await Promise.all([serve.close(), workerd.close()]);
    },
  };
}
