import path from 'node:path';
import { build as esbuild, type Plugin } from 'esbuild';
import type { OutputFile } from '../emit/output.js';
import type { WorkerData } from '../shared/worker-data.js';
import { packageRoot } from '../util/paths.js';

export const workerEntry = path.join(packageRoot, 'src', 'worker', 'index.ts');
const dataModule = 'agentdir:worker-data';

export interface BundledWorker {
  file: OutputFile;
  /** Minified bytes of the worker's code, without the site's data. */
  codeBytes: number;
  dataBytes: number;
}

/** Resolves the worker's data import to this site's data, parsed once at startup from one string. */
function dataPlugin(data: WorkerData): Plugin {
  return {
    name: 'agentdir-worker-data',
    setup(build) {
      build.onResolve({ filter: /^agentdir:worker-data$/ }, () => ({ path: dataModule, namespace: 'agentdir' }));
      build.onLoad({ filter: /.*/, namespace: 'agentdir' }, () => ({
        contents: `export default JSON.parse(${JSON.stringify(JSON.stringify(data))});`,
        loader: 'js',
      }));
    },
  };
}

/** Bundles src/worker with the site's data into one web-standard ES module: no Node APIs, nothing external. */
export async function bundleWorker(data: WorkerData): Promise<BundledWorker> {
  const result = await esbuild({
    entryPoints: [workerEntry],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
    metafile: true,
    outfile: 'worker.js',
    logLevel: 'silent',
    plugins: [dataPlugin(data)],
  });
  const output = result.outputFiles[0]!;
  const inputs = Object.values(result.metafile.outputs)[0]!.inputs;
  const dataBytes = Object.entries(inputs)
    .filter(([name]) => name.includes(dataModule))
    .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
  return {
    file: { path: 'worker/worker.js', content: output.text },
    codeBytes: output.contents.byteLength - dataBytes,
    dataBytes,
  };
}
