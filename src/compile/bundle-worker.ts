import path from 'node:path';
import type { Plugin } from 'esbuild';
import type { OutputFile } from '../emit/output.js';
import type { WorkerData } from '../shared/worker-data.js';
import { packageRoot } from '../util/paths.js';
import { type BundledCode, prebundled, withInputDigests } from '../util/prebundled.js';

export const workerEntry = path.join(packageRoot, 'src', 'worker', 'index.ts');

/**
 * What the worker's `agentdir:worker-data` import becomes in the bundled code: an expression the
 * minifier leaves as it is, replaced by each site's data as one string literal parsed at startup.
 * The code is then the same for every site, so it is bundled once (at compile time), not per build.
 */
const dataPlaceholder = 'globalThis.__agentdirWorkerData__';

export interface BundledWorker {
  file: OutputFile;
  /** Minified bytes of the worker's code, without the site's data. */
  codeBytes: number;
  dataBytes: number;
}

const dataPlugin: Plugin = {
  name: 'agentdir-worker-data',
  setup(build) {
    build.onResolve({ filter: /^agentdir:worker-data$/ }, () => ({ path: 'worker-data', namespace: 'agentdir' }));
    build.onLoad({ filter: /.*/, namespace: 'agentdir' }, () => ({
      contents: `export default JSON.parse(${dataPlaceholder});`,
      loader: 'js',
    }));
  },
};

/** Bundles src/worker into one web-standard ES module (no Node APIs, nothing external), its data left as the placeholder. */
export async function bundleWorkerCode(): Promise<BundledCode> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [workerEntry],
    absWorkingDir: packageRoot,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    // Packages without an `exports` map (stopword) are found by these fields, as on any platform.
    mainFields: ['module', 'main'],
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
    metafile: true,
    outfile: 'worker.js',
    logLevel: 'silent',
    plugins: [dataPlugin],
  });
  const code = withInputDigests(result.outputFiles[0]!.text, result.metafile);
  if (code.text.split(dataPlaceholder).length !== 2)
    throw new Error('The bundled worker does not hold its data placeholder exactly once; this is a bug in agentdir.');
  return code;
}

/**
 * dist/worker/package.json: Node loads worker.js (an ES module) as one whatever package.json encloses
 * dist/, a CommonJS project's (`npm init` writes `"type": "commonjs"`) or none at all.
 */
export const workerPackageFile: OutputFile = { path: 'worker/package.json', content: '{ "type": "module" }\n' };

/** The worker with this site's data in place: the code bundled at compile time while src/worker is unchanged. */
export async function bundleWorker(data: WorkerData): Promise<BundledWorker> {
  const code = prebundled('worker') ?? (await bundleWorkerCode());
  const literal = JSON.stringify(JSON.stringify(data));
  const [before, after] = code.text.split(dataPlaceholder) as [string, string];
  return {
    file: { path: 'worker/worker.js', content: `${before}${literal}${after}` },
    codeBytes: Buffer.byteLength(before) + Buffer.byteLength(after),
    dataBytes: Buffer.byteLength(literal),
  };
}
