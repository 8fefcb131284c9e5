import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { PartTable } from './write-output-file.js';
import { type GradeInputs, validGradeInputs } from './grade-inputs.js';
import path from 'node:path';
import { builtinTemplatesDir } from '../util/paths.js';
import { compilerKey } from '../cache/compiler-key.js';
import { forgetKeptReads, keepChecked } from '../util/read-once.js';
import { checkContentFile, type RealFolders } from '../content/content-file.js';
import { maxContentFileBytes } from '../util/limits.js';
import { readRegularFileSync } from '../util/regular-file.js';
import { SourceDigests, sourceDigest } from '../cache/source-digests.js';
import { isObject } from '../shared/json-shapes.js';
import { folderPrefix } from '../util/folder-prefix.js';
import { walkFolder } from '../util/folder-walk.js';

/** Written beside public/ and worker/ after each build: what went in, what came out. */
export const manifestName = 'build-manifest.json';

export interface BuildManifest {
  generator: 'agentdir';
  /** Empty while a commit is under way: that folder is ours, but none of it is trusted as up to date. */
  inputKey: string;
  /** Every file the build wrote, with its size, to notice an output changed or deleted by hand. */
  files: [path: string, size: number, key?: string][];
  /** What the build printed, to print it again when nothing changed. */
  summary: unknown;
  /** Where the part of each site-wide export made from each document is (see KeyedPart). */
  parts?: Record<string, PartTable>;
  /** What the grade in `summary` read, so the next build can tell it still holds (see grade-inputs.ts). */
  gradeInputs?: GradeInputs;
  /**
   * The digest of the premium sentences the leak guard looked for in every file (guardDigest): a
   * build that looks for the same ones need not look again in the parts it copies from these files.
   */
  guardedFor?: string;
}

export interface InputKeyOptions {
  contentDir: string;
  /** Where the digests of unchanged files are remembered between checks; without it every file is read. */
  cacheDir?: string | null;
  baseUrl?: string;
  sourceDateEpoch?: string;
}

/**
 * Each entry under `root` with its digest, as one text: hashed at once, since an update of the hash
 * per file cost more than the digest.
 */
function listedFiles(root: string, digests: SourceDigests | undefined): string {
  const folders: RealFolders = new Map();
  // Every entry but plain folders: a pipe, a broken link or a folder named `x.md` added to the content
  // is a change, which the build reports (see document-entries.ts).
  const entries = walkFolder(root)
    .filter((found) => !found.isFolder || namedLikeContent.test(found.name))
    .map((found) => found.path)
    .sort();
  let listing = '';
  const prefix = folderPrefix(root);
  for (const entry of entries) {
    const full = prefix + entry;
    // A file the build will refuse (a link out of the folder, a device, a huge file) is never read here either.
    const checked = checkContentFile(root, full, folders);
    const digest =
      'problem' in checked ? `refused: ${checked.problem.message}` : digestKept(full, checked.stat, digests);
    listing += `${entry}\0${digest}\0`;
  }
  return listing;
}

/**
 * A file's digest (remembered, or read), kept with any bytes read for the parse that follows
 * (read-once.ts). A file swapped for another since it was checked is not kept: the parse checks it again.
 */
function digestKept(file: string, stat: fs.BigIntStats, digests: SourceDigests | undefined): string {
  let source: { digest: string; bytes?: Buffer } | null;
  if (digests) source = digests.digestOf(file, stat, maxContentFileBytes);
  else {
    const read = readRegularFileSync(file, { sameAs: stat, maxBytes: maxContentFileBytes });
    source = read.ok ? { digest: sourceDigest(read.bytes), bytes: read.bytes } : null;
  }
  if (!source) return 'changed while checked';
  keepChecked(file, { ...source, identity: { dev: stat.dev, ino: stat.ino } });
  return source.digest;
}

/**
 * Everything a build's output depends on, as one digest: the compiler, the options, every content
 * file and every template (built-in and the site's own). Equal keys mean byte-identical output.
 * With a cache folder, files whose status is unchanged since an earlier check are not read again (SourceDigests).
 */
export function inputKey(options: InputKeyOptions): string | null {
  if (!fs.lstatSync(path.join(path.resolve(options.contentDir), 'site.yaml'), { throwIfNoEntry: false })) return null;
  const hash = createHash('sha256')
    .update(compilerKey())
    .update(JSON.stringify([options.baseUrl ?? '', options.sourceDateEpoch ?? '']));
  const contentDir = path.resolve(options.contentDir);
  const digests = options.cacheDir ? new SourceDigests(options.cacheDir, contentDir) : undefined;
  hash.update(listedFiles(contentDir, digests));
  hash.update(listedFiles(builtinTemplatesDir, digests));
  // A site's own templates may live outside the content folder. A site.yaml that is no file is the load's to report.
  const read = readRegularFileSync(path.join(contentDir, 'site.yaml'), { maxBytes: maxContentFileBytes });
  const site = read.ok ? read.bytes.toString('utf8') : '';
  const templates = /^templates:\s*["']?([^"'\n#]+?)["']?\s*$/m.exec(site)?.[1];
  if (templates) hash.update(listedFiles(path.resolve(contentDir, templates), digests));
  digests?.save();
  return hash.digest('hex');
}

/** Names of the files a build reads as content: a folder so named is refused, and so counts as an input. */
const namedLikeContent = /\.(?:md|ya?ml)$/;

/** The last manifest read, with the file identity it was read from: a build reads it up to four times. */
let lastRead: { file: string; identity: string; bytes: number; manifest: BuildManifest | null } | undefined;

/**
 * A manifest this small is kept through the parse (parsing it again costs more than holding it): at
 * 4,000 resources it is about 3 MB, at 50,000 about 40 MB, a hundred MB of objects.
 */
const keptThroughParseBytes = 8 * 2 ** 20;

/**
 * The manifest an agentdir build left in `outDir`, or null when there is none or it is not ours.
 * It is what makes a folder the build's to replace, and it lists the only files a build may remove.
 * Treat the result as read-only: while the file is unchanged, the next call returns the same object.
 */
export function readManifest(outDir: string): BuildManifest | null {
  const file = path.join(outDir, manifestName);
  const stat = fs.statSync(file, { throwIfNoEntry: false, bigint: true });
  if (!stat?.isFile()) return null;
  const identity = identityOf(stat);
  if (lastRead?.file === file && lastRead.identity === identity) return lastRead.manifest;
  const manifest = parseManifest(file, stat);
  lastRead = { file, identity, bytes: Number(stat.size), manifest };
  return manifest;
}

/** What tells one manifest file from another: a new build's is a new file, renamed into place. */
function identityOf(stat: fs.BigIntStats): string {
  return `${stat.ino}/${stat.size}/${stat.mtimeNs}/${stat.ctimeNs}`;
}

/** The identity of the manifest in `outDir` as it is now, or null when there is none. */
export function manifestIdentity(outDir: string): string | null {
  const stat = fs.statSync(path.join(outDir, manifestName), { throwIfNoEntry: false, bigint: true });
  return stat?.isFile() ? identityOf(stat) : null;
}

/** Lets go of the manifest kept by readManifest (a large site's is megabytes of objects). */
export function forgetManifest(): void {
  lastRead = undefined;
}

/** Before every document is parsed: lets go of the manifest unless it is small enough to keep (see keptThroughParseBytes). */
export function forgetLargeManifest(): void {
  if (lastRead && lastRead.bytes >= keptThroughParseBytes) lastRead = undefined;
}

/** The manifest at `file`, read only if it is still the regular file `stat` describes; null when it is not ours. */
function parseManifest(file: string, stat: fs.BigIntStats): BuildManifest | null {
  // Never a pipe or a device swapped in since the stat: those are not read, and the folder is not ours.
  const read = readRegularFileSync(file, { sameAs: stat });
  if (!read.ok) return null;
  let manifest: unknown;
  try {
    manifest = JSON.parse(read.bytes.toString('utf8'));
  } catch {
    return null;
  }
  // Manifests from before `generator` was written are recognised by their shape.
  if (!isObject(manifest)) return null;
  const { inputKey, files, summary, parts, gradeInputs, guardedFor } = manifest;
  if (typeof inputKey !== 'string' || !Array.isArray(files) || !files.every(isManifestEntry)) return null;
  // Part tables and grade inputs only save work: a malformed one is dropped, and the work done again.
  return {
    generator: 'agentdir',
    inputKey,
    files,
    summary,
    ...(validPartTables(parts) ? { parts } : {}),
    ...(validGradeInputs(gradeInputs) ? { gradeInputs } : {}),
    ...(typeof guardedFor === 'string' ? { guardedFor } : {}),
  };
}

/** One written file of a manifest: a path the build could have written, its size, and maybe its part key. */
function isManifestEntry(entry: unknown): entry is BuildManifest['files'][number] {
  return (
    Array.isArray(entry) &&
    typeof entry[0] === 'string' &&
    typeof entry[1] === 'number' &&
    (entry[2] === undefined || typeof entry[2] === 'string') &&
    isOwnPath(entry[0])
  );
}

function validPartTables(parts: unknown): parts is Record<string, PartTable> {
  if (typeof parts !== 'object' || parts === null || Array.isArray(parts)) return false;
  return Object.values(parts).every(
    (table) =>
      Array.isArray(table) &&
      table.every(
        (part) =>
          Array.isArray(part) &&
          typeof part[0] === 'string' &&
          Number.isSafeInteger(part[1]) &&
          Number.isSafeInteger(part[2]) &&
          part[1] >= 0 &&
          part[2] >= 0,
      ),
  );
}

/** A path a build could have written: relative, inside the output folder. */
function isOwnPath(file: string): boolean {
  return file !== '' && !path.isAbsolute(file) && !notOwnPart.test(file);
}

/**
 * A `..` or empty part of a path, between separators or at either end: one test per manifest entry
 * (12,700 at 4,000 resources), where splitting each path cost a tenth of reading the manifest.
 */
const notOwnPart = /(?:^|[\\/])(?:\.\.)?(?:[\\/]|$)/;

/** The manifest of `outDir` when it was built from exactly these inputs and its files are all still there. */
export function upToDate(outDir: string, key: string): BuildManifest | null {
  const manifest = readManifest(outDir);
  if (!manifest?.inputKey || manifest.inputKey !== key) return null;
  // Each entry passed isOwnPath when the manifest was read.
  const prefix = folderPrefix(outDir);
  for (const [file, size] of manifest.files) {
    const stat = fs.statSync(prefix + file, { throwIfNoEntry: false });
    if (!stat || stat.size !== size) return null;
  }
  return manifest;
}

/**
 * The input key of a build of `contentDir` into `outDir`, and the previous manifest when that build
 * is already there: what `agentdir build` and `serve --watch` both check before loading the compiler.
 */
export function checkUpToDate(options: InputKeyOptions & { outDir: string }): {
  key: string | null;
  manifest: BuildManifest | null;
} {
  const key = inputKey(options);
  const manifest = key ? upToDate(path.resolve(options.outDir), key) : null;
  // Up to date: no build follows to read the manifest or the checked files, and `serve --watch` lives on.
  if (manifest) {
    forgetManifest();
    forgetKeptReads();
  }
  return { key, manifest };
}
