import fs from 'node:fs';
import path from 'node:path';
import type { FS } from 'liquidjs';
import { maxContentFileBytes } from '../util/limits.js';
import { displayPath } from '../util/paths.js';
import { describeRefusal, type RegularRead, readRegularFile, readRegularFileSync } from '../util/regular-file.js';
import { normalizeText } from '../util/text.js';

/** A template that is not a regular file (a pipe, a device, a broken link): the build stops and says which. */
export class TemplateFileError extends Error {
  override readonly name = 'TemplateFileError';
}

/** Templates are read as content files are: opened without waiting, never a pipe or a device, at most 8 MiB. */
const templateRead = { maxBytes: maxContentFileBytes };

function templateText(file: string, read: RegularRead): string {
  if (!read.ok)
    throw new TemplateFileError(
      `The template ${displayPath(file)} ${describeRefusal(read.refusal)}, so it was not read. Replace it with the Liquid file it stands for, or remove it to use the built-in one.`,
    );
  return normalizeText(read.bytes.toString('utf8'));
}

/** A template file's text as the build reads every file: no BOM, LF line ends (pages are byte-identical either way). */
export function readTemplateText(file: string): string {
  return templateText(file, readRegularFileSync(file, templateRead));
}

/** Liquid's view of the template folders: Node's file system, with every template read through `readTemplateText`. */
export const templateFileSystem: FS = {
  exists: async (file) => fs.existsSync(file),
  existsSync: (file) => fs.existsSync(file),
  readFile: async (file) => templateText(file, await readRegularFile(file, templateRead)),
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
