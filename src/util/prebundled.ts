import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { isObject } from './json-object.js';
import { packageRoot } from './paths.js';

/** Code bundled with esbuild, and the digest of every source file it was bundled from. */
export interface BundledCode {
  text: string;
  /** Path relative to the package root, to the SHA-256 of its content. */
  inputs: Record<string, string>;
}

/**
 * Where `npm run compile` leaves the code every site gets the same (the worker, the pages' browser
 * scripts) bundled ahead of time, so a build need not start esbuild at all.
 */
export const prebundledFile = path.join(packageRoot, 'lib', 'prebundled.json');

function fileDigest(file: string): string | null {
  try {
    return createHash('sha256')
      .update(fs.readFileSync(path.join(packageRoot, file)))
      .digest('hex');
  } catch {
    return null;
  }
}

/** The output of a bundle made with `absWorkingDir: packageRoot` and `metafile: true`, with its inputs' digests. */
export function withInputDigests(text: string, metafile: Metafile): BundledCode {
  const inputs: Record<string, string> = {};
  // Modules a plugin made up (`agentdir:worker-data`) are not files, and are part of the bundler's own code.
  for (const file of Object.keys(metafile.inputs)) {
    const digest = fileDigest(file);
    if (digest) inputs[file] = digest;
  }
  return { text, inputs };
}

/** Each file of bundles read so far (one per process, in practice). */
const bundleFiles = new Map<string, Record<string, unknown>>();

function readBundles(file: string): Record<string, unknown> {
  let bundles = bundleFiles.get(file);
  if (!bundles) {
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      bundles = isObject(parsed) ? parsed : {};
    } catch {
      /* not compiled yet: every bundle is made afresh */
      bundles = {};
    }
    bundleFiles.set(file, bundles);
  }
  return bundles;
}

/** Bundled code as withInputDigests made it: its text, and a digest for each input file. */
function isBundledCode(value: unknown): value is BundledCode {
  return (
    isObject(value) &&
    typeof value.text === 'string' &&
    isObject(value.inputs) &&
    Object.values(value.inputs).every((digest) => typeof digest === 'string')
  );
}

/**
 * The code bundled as `name` at compile time, while every file it was bundled from is still as it
 * was; null otherwise (an edit to src/ not yet compiled), and the caller bundles it afresh.
 */
export function prebundled(name: string, file = prebundledFile): BundledCode | null {
  const code = readBundles(file)[name];
  if (!isBundledCode(code)) return null;
  return Object.entries(code.inputs).every(([file, digest]) => fileDigest(file) === digest) ? code : null;
}
