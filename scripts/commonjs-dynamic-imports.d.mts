import type { Metafile } from 'esbuild';

export interface CommonJsDynamicImport {
  importer: string;
  specifier: string;
  module: string;
}

export declare function commonJsDynamicImports(metafile: Metafile): CommonJsDynamicImport[];
export declare function commonJsDynamicImportError(imports: CommonJsDynamicImport[]): Error | null;
