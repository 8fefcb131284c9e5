import path from 'node:path';
import type { BuildOptions, Plugin } from 'esbuild';
import type { OutputFile } from '../emit/output.js';
import { type LazyModuleName, lazyModuleNames } from '../shared/lazy-modules.js';
import type { WorkerData } from '../shared/worker-data.js';
import { packageRoot } from '../util/paths.js';
import { type BundledCode, prebundled, withInputDigests } from '../util/prebundled.js';

export const workerEntry = path.join(packageRoot, 'src', 'worker', 'index.ts');

/**
 * The source of each module the worker loads only when it needs it (src/shared/lazy-modules.ts), and
 * how the worker's code imports it: recovering a Sign-In-With-X signer takes elliptic-curve code
 * bigger than the rest of re-access, and only wallets reading again ever need it.
 */
export const lazyWorkerModules: Record<LazyModuleName, { source: string; imported: RegExp }> = {
  'signature-recovery': {
    source: path.join('src', 'worker', 'siwx', 'recover-signer.ts'),
    imported: /\/recover-signer\.js$/,
  },
};

/**
 * What the worker's `agentdir:worker-data` import becomes in the bundled code: an expression the
 * minifier leaves as it is, replaced by each site's data as one string literal parsed at startup.
 * The code is then the same for every site, so it is bundled once (at compile time), not per build.
 */
const dataPlaceholder = 'globalThis.__agentdirWorkerData__';

export interface BundledWorker {
  /** worker.js, then each module it loads when it needs it. */
  files: OutputFile[];
  /** Minified bytes of the worker's code, without the site's data (the modules it loads later apart). */
  codeBytes: number;
  dataBytes: number;
  /** Minified bytes of the modules loaded when needed. */
  lazyBytes: number;
}

/** The main bundle leaves each lazy module's import as it is: a module of its own, found beside worker.js. */
const lazyPlugin: Plugin = {
  name: 'agentdir-lazy-modules',
  setup(build) {
    for (const [name, { imported }] of Object.entries(lazyWorkerModules))
      build.onResolve({ filter: imported }, () => ({ path: `./${name}.js`, external: true }));
  },
};

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

/** How the worker and each of its lazy modules are bundled: web-standard ES modules, minified, kept in memory. */
const workerBundleOptions = {
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
  logLevel: 'silent',
} satisfies BuildOptions;

/** Bundles src/worker into one web-standard ES module (no Node APIs, nothing external), its data left as the placeholder. */
export async function bundleWorkerCode(): Promise<BundledCode> {
  const { build } = await import('esbuild');
  const result = await build({
    ...workerBundleOptions,
    entryPoints: [workerEntry],
    outfile: 'worker.js',
    plugins: [dataPlugin, lazyPlugin],
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

/** Bundles one module the worker loads when it needs it (`lazyWorkerModules`), on its own. */
export async function bundleLazyModuleCode(name: LazyModuleName): Promise<BundledCode> {
  const { build } = await import('esbuild');
  const result = await build({
    ...workerBundleOptions,
    entryPoints: [path.join(packageRoot, lazyWorkerModules[name].source)],
    outfile: `${name}.js`,
  });
  return withInputDigests(result.outputFiles[0]!.text, result.metafile);
}

/** The worker with this site's data in place: the code bundled at compile time while src/worker is unchanged. */
export async function bundleWorker(data: WorkerData): Promise<BundledWorker> {
  const code = prebundled('worker') ?? (await bundleWorkerCode());
  const literal = JSON.stringify(JSON.stringify(data));
  const [before, after] = code.text.split(dataPlaceholder) as [string, string];
  const lazy: { path: string; content: string }[] = [];
  for (const name of lazyModuleNames)
    lazy.push({ path: `worker/${name}.js`, content: (prebundled(name) ?? (await bundleLazyModuleCode(name))).text });
  return {
    files: [{ path: 'worker/worker.js', content: `${before}${literal}${after}` }, ...lazy],
    codeBytes: Buffer.byteLength(before) + Buffer.byteLength(after),
    dataBytes: Buffer.byteLength(literal),
    lazyBytes: lazy.reduce((sum, file) => sum + Buffer.byteLength(file.content), 0),
  };
}
