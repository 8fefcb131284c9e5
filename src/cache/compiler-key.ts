import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../util/paths.js';
import { prebundledFile } from '../util/prebundled.js';
import { compilerVersion } from '../util/version.js';
import { agentListFile } from '../readers/agent-patterns.js';

let key: string | undefined;

/** Every file under `dir` with its content, in a stable order. */
function hashTree(hash: ReturnType<typeof createHash>, dir: string, pattern: RegExp): void {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) hashTree(hash, full, pattern);
    else if (pattern.test(entry.name)) hash.update(entry.name).update(fs.readFileSync(full));
  }
}

/**
 * Identifies this compiler exactly: its version, its own code and its schemas. Any change to them
 * invalidates every cache entry, so a cached result is always what this code would compute.
 */
export function compilerKey(): string {
  if (!key) {
    const hash = createHash('sha256').update(compilerVersion);
    const bundleDigest = path.join(packageRoot, 'lib', 'bundle', 'code-digest.txt');
    if (fs.existsSync(bundleDigest)) {
      // The digest `npm run compile` made of the bundle it built from lib/ (scripts/bundle-cli.mjs):
      // the same key whether the code runs from the bundle or from lib/, without reading either.
      hash.update(fs.readFileSync(bundleDigest));
      if (fs.existsSync(prebundledFile)) hash.update(fs.readFileSync(prebundledFile));
    } else {
      const code = fs.existsSync(path.join(packageRoot, 'lib'))
        ? path.join(packageRoot, 'lib')
        : path.join(packageRoot, 'src');
      // prebundled.json holds the worker, whose source (src/worker) is bundled rather than compiled into lib/.
      hashTree(hash, code, /\.(js|ts)$|^prebundled\.json$/);
    }
    hashTree(hash, path.join(packageRoot, 'schemas'), /\.json$/);
    // The crawler list readers are named by: updating its package alone changes what a build writes.
    hash.update(fs.readFileSync(agentListFile()));
    key = hash.digest('hex');
  }
  return key;
}
