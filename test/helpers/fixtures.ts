import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import ndjson from 'ndjson';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const fixturesDir = path.join(repoRoot, 'test', 'fixtures');
export const cliPath = path.join(repoRoot, 'bin', 'agentdir.js');

const createdTempFolders = new Set<string>();

/** A fresh folder under the system's temp folder, removed after the test file (remove-temp-folders.ts). */
export function tempDir(prefix = 'agentdir-test-'): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  createdTempFolders.add(folder);
  return folder;
}

/**
 * A fresh name for a folder under the system's temp folder, not made: whatever makes it, it is
 * removed after the test file. For a folder most files never use (a file whose tests are all
 * skipped runs no hook that would remove it).
 */
export function tempPath(prefix: string): string {
  const folder = path.join(os.tmpdir(), `${prefix}${randomUUID()}`);
  createdTempFolders.add(folder);
  return folder;
}

export function removeTempFolders(): void {
  // A server stopped in the file's last hook may still be closing its readers file (SQLite writes
  // a journal beside it): retried for up to about 5 s (ENOTEMPTY), not a failure of the tests.
  for (const folder of createdTempFolders)
    fs.rmSync(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  createdTempFolders.clear();
}

/** Copies a fixture folder into a fresh temp folder, so a test may change it freely. */
export function copyFixture(name: string): string {
  const target = path.join(tempDir(), name.replace(/\//g, '-'));
  fs.cpSync(path.join(fixturesDir, name), target, { recursive: true });
  return target;
}

/** Every file under `dir`, relative path -> bytes. */
export function readTree(dir: string): Map<string, Buffer> {
  const tree = new Map<string, Buffer>();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else tree.set(path.relative(dir, full).split(path.sep).join('/'), fs.readFileSync(full));
    }
  };
  walk(dir);
  return tree;
}

export function readJson<T = Record<string, unknown>>(file: string): T {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

/**
 * Reads NDJSON back as an agent would, streaming, with the ndjson package in strict mode: a line
 * that is not JSON fails the read. `source` is a file path, or `{ text }` for a body already in memory.
 */
export async function readNdjson(source: string | { text: string }): Promise<Record<string, unknown>[]> {
  const input = typeof source === 'string' ? fs.createReadStream(source) : Readable.from([source.text]);
  const records: Record<string, unknown>[] = [];
  for await (const record of input.pipe(ndjson.parse({ strict: true })))
    records.push(record as Record<string, unknown>);
  return records;
}
