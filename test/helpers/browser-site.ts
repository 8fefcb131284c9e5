import path from 'node:path';
import { newKey, readKeyFile, writeKeyFile } from '../../src/keys/key-file.js';
import { launchBrowser, type TestBrowser } from './browser.js';
import { buildFixture } from './build-fixture.js';
import { readJson, repoRoot, tempDir } from './fixtures.js';
import { startServe } from './runtimes.js';

export interface BrowserSite {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  origin: string;
  /** Root-relative paths of every HTML page of the build, `/` and `/404.html` included. */
  pages: string[];
  premiumSlugs: Set<string>;
  /** A starter key, to read a premium page the way a key holder does. */
  starterKey: string;
  browser: TestBrowser;
  close(): Promise<void>;
}

/** The address a static host serves a built HTML file at: folders without their index.html. */
export function pagePathOf(file: string): string {
  const relative = file.slice('public'.length);
  if (relative === '/index.html') return '/';
  return relative.endsWith('/index.html') ? relative.slice(0, -'/index.html'.length) : relative;
}

/** The default content/ built, served by `agentdir serve` with one starter key, and a browser to read it. */
export async function startBrowserSite(): Promise<BrowserSite> {
  const build = await buildFixture(path.join(repoRoot, 'content'));
  const keysFile = path.join(tempDir(), 'keys.json');
  const keyFile = readKeyFile(keysFile);
  const { key, record } = await newKey('starter', 'browser tests', '2026-06-01');
  keyFile.keys.push(record);
  writeKeyFile(keysFile, keyFile);
  const serve = await startServe(build.outDir, keysFile);
  const browser = await launchBrowser().catch(async (error: unknown) => {
    await serve.close();
    throw error;
  });
  const index = readJson<{ resources: { slug: string; premium: boolean }[] }>(
    path.join(build.outDir, 'public/api/resources.json'),
  );
  return {
    origin: serve.url.replace(/\/$/, ''),
    pages: build.files
      .filter((file) => file.path.startsWith('public/') && file.path.endsWith('.html'))
      .map((file) => pagePathOf(file.path))
      .sort(),
    premiumSlugs: new Set(index.resources.filter((resource) => resource.premium).map((resource) => resource.slug)),
    starterKey: key,
    browser,
    close: async () => {
      await browser.close();
      await serve.close();
    },
  };
}
