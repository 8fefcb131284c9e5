import { describe, expect, it } from 'vitest';
import { bundleWorkerCode } from '../src/compile/bundle-worker.js';
import { browserScriptEntries, bundleBrowserScript, type BrowserScriptName } from '../src/emit/helpers/hashed-asset.js';
import { prebundled } from '../src/util/prebundled.js';

// lib/prebundled.json is what `npm run compile` wrote (scripts/compile-validators.mjs), so this runs
// with the integration layer, after the compile; test/unit/prebundled.test.ts covers how it is read.
describe('code bundled at compile time', () => {
  it('is the same code a fresh bundle of the current source gives, the worker and each browser script', async () => {
    expect(prebundled('worker')?.text).toBe((await bundleWorkerCode()).text);
    for (const name of Object.keys(browserScriptEntries) as BrowserScriptName[])
      expect(prebundled(name)?.text).toBe(bundleBrowserScript(name).text);
  });
});
