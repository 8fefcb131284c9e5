import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const fixturesDir = path.join(repoRoot, 'test', 'fixtures');
export const cliPath = path.join(repoRoot, 'bin', 'agentdir.js');

export function tempDir(prefix = 'agentdir-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
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

export function readNdjson(file: string): Record<string, unknown>[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
