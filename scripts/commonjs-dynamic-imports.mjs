// A dynamic `import()` of a CommonJS package loses its named exports in a split bundle: esbuild
// makes the imported package a chunk of its own whose only export is `default` (module.exports),
// so `const { LiquidError } = await import('liquidjs')` gives undefined there while Node, running
// the unbundled modules, finds the name. scripts/bundle-cli.mjs refuses such an import at build
// time, from the bundle's metafile, instead of letting it surface as a TypeError at run time.

/**
 * Every dynamic import of a CommonJS module in an esbuild metafile (`metafile: true`): the file
 * that imports it, the specifier as written, and the module it resolved to.
 * @param {import('esbuild').Metafile} metafile
 * @returns {{ importer: string; specifier: string; module: string }[]}
 */
export function commonJsDynamicImports(metafile) {
  const found = [];
  for (const [importer, input] of Object.entries(metafile.inputs)) {
    for (const imported of input.imports) {
      if (imported.kind !== 'dynamic-import' || imported.external) continue;
      if (metafile.inputs[imported.path]?.format !== 'cjs') continue;
      found.push({ importer, specifier: imported.original ?? imported.path, module: imported.path });
    }
  }
  return found;
}

/**
 * The error to stop the bundle with, naming each import and what to do instead; null when there is none.
 * @param {{ importer: string; specifier: string; module: string }[]} imports
 */
export function commonJsDynamicImportError(imports) {
  if (!imports.length) return null;
  const listed = imports.map(({ importer, specifier, module }) => `  ${importer}: import('${specifier}') (${module})`);
  return new Error(
    `The CLI bundle would lose the named exports of ${imports.length === 1 ? 'a CommonJS package' : 'CommonJS packages'} imported with import():\n` +
      `${listed.join('\n')}\n` +
      'In the bundle such an import gives only `default`. Import the names statically in a small module ' +
      'and import that module lazily instead (as src/grader-node/pinned-agent.ts does for undici), ' +
      'or do not import the package here at all.',
  );
}
