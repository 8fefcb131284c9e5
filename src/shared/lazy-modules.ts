/**
 * The modules the worker loads only when it needs them, each a file of its own beside worker.js
 * (`worker/<name>.js`): bundled by src/compile/bundle-worker.ts, uploaded by wrangler.jsonc's
 * module rules, found by `agentdir serve` in the same folder.
 */
export const lazyModuleNames = ['signature-recovery'] as const;

export type LazyModuleName = (typeof lazyModuleNames)[number];
