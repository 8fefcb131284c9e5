import fs from 'node:fs';
import path from 'node:path';
import type { FS } from 'liquidjs';
import { normalizeText } from '../util/text.js';

/** A template file's text as the build reads every file: no BOM, LF line ends (pages are byte-identical either way). */
export function readTemplateText(file: string): string {
  return normalizeText(fs.readFileSync(file, 'utf8'));
}

/** Liquid's view of the template folders: Node's file system, with every template read through `readTemplateText`. */
export const templateFileSystem: FS = {
  exists: async (file) => fs.existsSync(file),
  existsSync: (file) => fs.existsSync(file),
  readFile: async (file) => readTemplateText(file),
  readFileSync: (file) => readTemplateText(file),
  resolve: (dir, file, ext) => path.resolve(dir, path.extname(file) ? file : `${file}${ext}`),
  containsSync: (root, file) => {
    const relative = path.relative(path.resolve(root), path.resolve(file));
    return !relative.startsWith('..') && !path.isAbsolute(relative);
  },
  contains: async (root, file) => templateFileSystem.containsSync!(root, file),
  dirname: (file) => path.dirname(file),
  sep: path.sep,
};
