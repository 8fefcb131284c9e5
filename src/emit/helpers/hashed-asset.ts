import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { packageRoot } from '../../util/paths.js';
import { type BundledCode, prebundled, withInputDigests } from '../../util/prebundled.js';

/** A file under /assets/ whose name carries a digest of its content, so hosts may cache it for a year. */
export interface HashedAsset {
  /** Output path, `public/assets/<name>.<8 hex>.<ext>`. */
  path: string;
  /** Root-relative address that pages link to. */
  href: string;
  content: string;
}

export function hashedAsset(name: string, extension: string, content: string): HashedAsset {
  const digest = createHash('sha256').update(content).digest('hex').slice(0, 8);
  const file = `${name}.${digest}.${extension}`;
  return { path: `public/assets/${file}`, href: `/assets/${file}`, content };
}

const scripts = new Map<string, HashedAsset>();

/** The browser scripts pages load, by name, and the file of src/browser/ each is bundled from. */
export const browserScriptEntries = { 'copy-page': 'copy-page-client.ts', search: 'search-client.ts' } as const;
export type BrowserScriptName = keyof typeof browserScriptEntries;

/** Bundles one browser script from src/browser/ with esbuild (loaded only here: most builds never need it). */
export function bundleBrowserScript(name: BrowserScriptName): BundledCode {
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const result = buildSync({
    entryPoints: [path.join(packageRoot, 'src', 'browser', browserScriptEntries[name])],
    absWorkingDir: packageRoot,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return withInputDigests(result.outputFiles[0]!.text, result.metafile);
}

/**
 * A browser script bundled from a TypeScript file of src/browser/ (like the worker, from the package's
 * source). It is the same for every site: bundled at compile time, or once per process when its
 * source changed since.
 */
export function browserScript(name: BrowserScriptName): HashedAsset {
  let asset = scripts.get(name);
  if (!asset) {
    asset = hashedAsset(name, 'js', (prebundled(name) ?? bundleBrowserScript(name)).text);
    scripts.set(name, asset);
  }
  return asset;
}
