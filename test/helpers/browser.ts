import fs from 'node:fs';
import { chromium, type BrowserContext } from 'playwright-core';
import { tempDir } from './fixtures.js';
import { chromiumFlags } from '../../scripts/chromium-flags.mjs';

/**
 * Debian's build of chromium's headless shell: the same Blink and V8 as chromium without the
 * browser's windowing layer, which is what Playwright itself runs headless tests on. On the browser
 * tests it costs 30% less CPU than the full chromium (69 against 99 CPU-s). .ci/run installs it;
 * Playwright never downloads a browser of its own here.
 */
export const chromiumPath = '/usr/bin/chromium-headless-shell';

export interface TestBrowser {
  /** One browser context for every page a test file visits. */
  context: BrowserContext;
  /** Requests the pages tried to send off this machine; each was aborted. */
  externalRequests: string[];
  close(): Promise<void>;
}

/**
 * Chromium with a new, empty profile (Playwright takes the profile folder as an argument rather than
 * as `--user-data-dir`), which refuses every request that leaves 127.0.0.1 and records it.
 */
export async function launchBrowser(): Promise<TestBrowser> {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(
      `The browser tests drive Debian's chromium headless shell at ${chromiumPath}, which is not installed. Install it with \`apt-get install -y chromium-headless-shell\` (.ci/run does this).`,
    );
  }
  const context = await chromium.launchPersistentContext(tempDir('agentdir-chromium-'), {
    executablePath: chromiumPath,
    args: chromiumFlags,
    viewport: { width: 1280, height: 900 },
  });
  const externalRequests: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1') return route.continue();
    externalRequests.push(url.href);
    return route.abort('blockedbyclient');
  });
  return { context, externalRequests, close: () => context.close() };
}
