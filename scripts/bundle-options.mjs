// The esbuild options every bundle of agentdir's Node code shares: the CLI's (bundle-cli.mjs) and
// the bench's one-change floor (bench/run.mjs), so the floor loads its code as fast as the CLI does.
/** @type {import('esbuild').BuildOptions} */
export const nodeBundleOptions = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // esbuild starts its own binary, found beside its package.
  external: ['esbuild'],
  // stopword's CommonJS build holds all its 62 languages (300 KB parsed by every build); its ES
  // modules let the bundle keep the one list the search reads.
  alias: { stopword: './node_modules/stopword/src/stopword.js' },
  // Bundled CommonJS packages call require() for Node's modules: give them one.
  banner: {
    js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
  },
  legalComments: 'none',
  logLevel: 'warning',
};
