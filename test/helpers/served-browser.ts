import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';
import { chromiumFlags } from '../../scripts/chromium-flags.mjs';
import { chromiumPath } from './browser.js';
import { startServe } from './runtimes.js';

export interface ServedBrowser {
  /** Where `agentdir serve` answers, without a trailing slash. */
  origin: string;
  browser: Browser;
  /** A new context (closed with the rest) that refuses every request off this machine. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  close(): Promise<void>;
}

/** `agentdir serve` on a built site, and Debian's chromium to visit it with. */
export async function browseServed(outDir: string, keysFile: string, flags = chromiumFlags): Promise<ServedBrowser> {
  const serve = await startServe(outDir, keysFile);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: flags });
  const contexts: BrowserContext[] = [];
  return {
    origin: serve.url.replace(/\/$/, ''),
    browser,
    async newContext(options = {}) {
      const context = await browser.newContext(options);
      contexts.push(context);
      await context.route('**/*', (route) =>
        new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort('blockedbyclient'),
      );
      return context;
    },
    async close() {
      for (const context of contexts) await context.close();
      await browser.close();
      await serve.close();
    },
  };
}
