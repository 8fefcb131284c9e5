import path from 'node:path';
import { openReadersDatabase, type LocalReadersDatabase } from '../../src/serve/readers-database.js';
import type { ReadersDatabase } from '../../src/shared/readers/database.js';
import { tempDir } from './fixtures.js';
import { startServe, startWorkerd, type Runtime } from './runtimes.js';

/**
 * `agentdir serve` or workerd on a built site, recording into a readers database (a file, or a D1
 * database), and that database to read the payments ledger from: serve's once it has stopped, since
 * every row is written before it exits.
 */
export async function startRecording(
  name: 'serve' | 'workerd',
  site: { dist: string; keysFile: string },
  env: Record<string, string>,
): Promise<{ runtime: Runtime & { url: string }; ledger(): Promise<ReadersDatabase>; close(): Promise<void> }> {
  if (name === 'workerd') {
    const workerd = await startWorkerd(site.dist, env, 0, { readersDatabase: 'd1' });
    return { runtime: workerd, close: () => workerd.close(), ledger: async () => workerd.readers! };
  }
  const file = path.join(tempDir(), 'readers.sqlite');
  const serve = await startServe(site.dist, site.keysFile, { ...env, AGENTDIR_READERS_DATABASE: file });
  let db: LocalReadersDatabase | undefined;
  return {
    runtime: serve,
    close: async () => {
      await serve.close();
      await db?.close();
    },
    ledger: async () => {
      await serve.close();
      db = openReadersDatabase(file);
      return db;
    },
  };
}
