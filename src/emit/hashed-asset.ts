import { createHash } from 'node:crypto';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { packageRoot } from '../util/paths.js';

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

/**
 * A browser script bundled from a TypeScript file of src/emit/ (like the worker, from the package's
 * source). It is the same for every site, so it is bundled once per process.
 */
export function browserScript(name: string, entry: string): HashedAsset {
  let asset = scripts.get(name);
  if (!asset) {
    const { text } = buildSync({
      entryPoints: [path.join(packageRoot, 'src', 'emit', entry)],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2020',
      minify: true,
      legalComments: 'none',
      write: false,
      logLevel: 'silent',
    }).outputFiles[0]!;
    asset = hashedAsset(name, 'js', text);
    scripts.set(name, asset);
  }
  return asset;
}
