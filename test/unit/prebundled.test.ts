import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/fixtures.js';
import { bundleWorkerCode } from '../../src/compile/bundle-worker.js';
import { bundleBrowserScript } from '../../src/emit/helpers/hashed-asset.js';
import { prebundled, type BundledCode } from '../../src/util/prebundled.js';

function bundlesFile(bundles: Record<string, BundledCode>): string {
  const file = path.join(tempDir('agentdir-prebundled-'), 'prebundled.json');
  fs.writeFileSync(file, JSON.stringify(bundles));
  return file;
}

// Whether lib/prebundled.json, which `npm run compile` writes, matches the sources is checked where
// lib/ exists: test/build.prebundled-code.test.ts. Here, only files the tests write themselves.
describe('code bundled at compile time', () => {
  it('lists every source file of the worker with its digest, and leaves out modules a plugin made up', async () => {
    const { inputs } = await bundleWorkerCode();
    expect(Object.keys(inputs)).toContain('src/worker/index.ts');
    expect(Object.keys(inputs).some((file) => file.includes(':'))).toBe(false);
    expect(Object.values(inputs).every((digest) => /^[0-9a-f]{64}$/.test(digest))).toBe(true);
  });

  it('is not used once a file it was bundled from changed, or when it is missing or malformed', () => {
    const current = bundleBrowserScript('copy-page');
    const [source] = Object.keys(current.inputs) as [string];
    expect(prebundled('copy-page', bundlesFile({ 'copy-page': current }))?.text).toBe(current.text);
    const stale = { ...current, inputs: { ...current.inputs, [source]: '0'.repeat(64) } };
    expect(prebundled('copy-page', bundlesFile({ 'copy-page': stale }))).toBeNull();
    expect(prebundled('copy-page', bundlesFile({}))).toBeNull();
    expect(prebundled('copy-page', path.join(tempDir(), 'no-such-folder', 'prebundled.json'))).toBeNull();
    const malformed = bundlesFile({});
    fs.writeFileSync(malformed, '{"copy-page": {"text": 1}');
    expect(prebundled('copy-page', malformed)).toBeNull();
  });
});
