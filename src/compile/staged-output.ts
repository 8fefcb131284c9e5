import fs from 'node:fs';
import path from 'node:path';
import type { OutputFile } from '../emit/output.js';
import { forgetManifest, manifestIdentity, manifestName, readManifest, type BuildManifest } from './up-to-date.js';
import type { VerifiedFiles } from './output-check.js';
import { type PartTable, type PreviousParts, writeOutputFile } from './write-output-file.js';
import { processExists } from '../util/process-exists.js';
import { removeInBackground } from '../util/remove-in-background.js';
import type { GradedOutput } from './grade-inputs.js';
import type { GraderReport } from '../grader/report.js';

/** Builds this process has staged: names each one's discarded output apart. */
let buildsInProcess = 0;

/** Files this large are not renamed over the previous copy at commit (see commitInPlace). */
const moveAsideBytes = 1 << 20;

/** Bytes of a previous export read at once when its parts are copied. */
const readAhead = 1 << 20;

export interface WrittenFile {
  path: string;
  bytes: number;
  /** For outputs that can be kept between builds: what they were made from. */
  key?: string;
  /** For site-wide exports: where the part made from each document is, for the next build to copy. */
  parts?: PartTable;
}

/**
 * The build's output, written file by file beside `outDir`; until `commit`, the previous output is
 * untouched and `abort` removes every trace of the attempt.
 *
 * Two ways to commit. A full build, or an incremental one that kept nothing, swaps the staging
 * folder in with two renames. An incremental build (a previous build with a manifest, and reuse
 * allowed) stages only the files it produced and `keep`s the rest where they are: at commit the
 * staged files are renamed into place one by one and the files this build no longer makes are removed. The manifest is removed first and written last,
 * so an interrupted commit leaves a folder the next build will not trust, and rebuilds in full.
 */
export class StagedOutput implements GradedOutput {
  readonly target: string;
  readonly dir: string;
  private readonly retired: string;
  /** Where the previous output waits, once the new one is in place, for a background process to delete it. */
  private readonly discarded: string;
  private readonly folders = new Set<string>();
  /** The previous build's files (size and key), as its manifest lists them. */
  private readonly owned = new Map<string, { bytes: number; key?: string }>();
  /** Where the keyed parts of the previous build's exports are (see KeyedPart). */
  private readonly previousParts = new Map<string, PartTable>();
  /** Whether this build may keep some of the previous build's files. */
  private readonly reuse: boolean;
  /** The same, grouped by key (made on first use). */
  private previousByKey: Map<string, string[]> | undefined;
  private readonly staged = new Set<string>();
  /** Keyed parts of the site-wide exports copied from the previous output, and made anew. */
  readonly parts = { copied: 0, made: 0 };
  private readonly kept = new Set<string>();
  readonly previousGrade: GradedOutput['previousGrade'];

  /** Files of the previous output already found as its manifest recorded them (output-check.ts). */
  private readonly verified: VerifiedFiles | undefined;
  /** Whether the previous build's leak guard looked for the sentences this build's looks for. */
  private readonly guarded: boolean;

  /** `guardedFor`: the digest of what this build's leak guard looks for (guardDigest), when it looks. */
  constructor(
    outDir: string,
    options: { incremental?: boolean; verified?: VerifiedFiles; guardedFor?: string | undefined } = {},
  ) {
    this.target = path.resolve(outDir);
    const parent = path.dirname(this.target);
    const name = path.basename(this.target);
    this.dir = path.join(parent, `.agentdir-staging-${name}-${process.pid}`);
    this.retired = path.join(parent, `.agentdir-retired-${name}-${process.pid}`);
    // One per build: under `agentdir serve --watch` the previous one may still be being deleted.
    this.discarded = path.join(parent, `.agentdir-discarded-${name}-${process.pid}.${++buildsInProcess}`);
    recoverInterruptedBuilds(parent, name);
    fs.rmSync(this.dir, { recursive: true, force: true });
    fs.mkdirSync(this.dir, { recursive: true });
    // The previous manifest lists the only files this build may remove, whether or not it keeps any.
    const manifest = readManifest(this.target);
    for (const [file, bytes, key] of manifest?.files ?? []) this.owned.set(file, { bytes, ...(key ? { key } : {}) });
    for (const [file, parts] of Object.entries(manifest?.parts ?? {})) this.previousParts.set(file, parts);
    const report = (manifest?.summary as { grade?: GraderReport } | null | undefined)?.grade;
    if (report && manifest?.gradeInputs) this.previousGrade = { report, inputs: manifest.gradeInputs };
    this.guarded = options.guardedFor !== undefined && options.guardedFor === manifest?.guardedFor;
    // Copied into the maps above: the parsed manifest need not outlive this point.
    forgetManifest();
    this.reuse = Boolean(options.incremental);
    // Only of the manifest read above: a build that finds another one looks at each file itself.
    if (options.verified?.manifest === manifestIdentity(this.target)) this.verified = options.verified;
  }

  /** True when this build updates the previous output in place rather than replacing it. */
  get incremental(): boolean {
    return this.reuse && this.owned.size > 0;
  }

  /** Writes one file; `inspect` sees every chunk before it is written (the premium-leak guard). */
  write(file: OutputFile, inspect?: (path: string, chunk: string) => void): WrittenFile[] {
    this.claim(file.path);
    const {
      bytes,
      parts,
      copied = 0,
    } = writeOutputFile(this.dir, file, inspect, this.folders, this.partsToCopy(file.path));
    this.parts.copied += copied;
    this.parts.made += (parts?.length ?? 0) - copied;
    const written = { path: file.path, bytes, ...(file.key ? { key: file.key } : {}), ...(parts ? { parts } : {}) };
    return [
      written,
      ...(file.copies ?? []).map((copy) => {
        this.claim(copy);
        fs.mkdirSync(path.dirname(path.join(this.dir, copy)), { recursive: true });
        fs.copyFileSync(path.join(this.dir, file.path), path.join(this.dir, copy));
        return { ...written, path: copy };
      }),
    ];
  }

  /**
   * The keyed parts of the previous build's copy of `file`, when this build updates that output and
   * the file is still as the manifest recorded it (a file edited by hand gives nothing to copy).
   */
  private partsToCopy(file: string): PreviousParts | undefined {
    const table = this.previousParts.get(file);
    const previous = path.join(this.target, file);
    if (!this.incremental || !table?.length) return undefined;
    if (fs.statSync(previous, { throwIfNoEntry: false })?.size !== this.owned.get(file)?.bytes) return undefined;
    const where = new Map(table.map(([key, offset, length]) => [key, [offset, length] as const]));
    let descriptor: number | undefined;
    // Parts are asked for in file order: read ahead a window at a time, not one system call per part.
    let window = { start: 0, bytes: Buffer.alloc(0) };
    return {
      guarded: this.guarded,
      read(key) {
        const found = where.get(key);
        if (!found) return null;
        const [offset, length] = found;
        if (offset < window.start || offset + length > window.start + window.bytes.length) {
          descriptor ??= fs.openSync(previous, 'r');
          const bytes = Buffer.allocUnsafe(Math.max(length, readAhead));
          window = { start: offset, bytes: bytes.subarray(0, fs.readSync(descriptor, bytes, 0, bytes.length, offset)) };
          if (window.bytes.length < length) return null;
        }
        return window.bytes.subarray(offset - window.start, offset - window.start + length);
      },
      close() {
        if (descriptor !== undefined) fs.closeSync(descriptor);
      },
    };
  }

  /** Takes on a file another thread wrote into the staging folder. */
  adopt(file: WrittenFile): WrittenFile {
    this.claim(file.path);
    return file;
  }

  private claim(file: string): void {
    if (this.staged.has(file) || this.kept.has(file))
      throw new Error(`Two emitters wrote ${file}; this is a bug in agentdir.`);
    this.staged.add(file);
  }

  /** The previous build's files made under `key`, as the manifest lists them (none without a previous build). */
  filesWithKey(key: string): string[] {
    if (!this.previousByKey) {
      this.previousByKey = new Map();
      for (const [file, entry] of this.owned)
        if (entry.key)
          (this.previousByKey.get(entry.key) ?? this.previousByKey.set(entry.key, []).get(entry.key)!).push(file);
    }
    return this.previousByKey.get(key) ?? [];
  }

  /**
   * Keeps the previous build's `paths`, made under `key`, as this build's output: all or nothing, and
   * only when each is still there with the size the manifest recorded. Returns null when they must be made again.
   */
  keep(key: string, paths: string[]): WrittenFile[] | null {
    if (!this.incremental || !paths.length) return null;
    const kept: WrittenFile[] = [];
    for (const file of paths) {
      const entry = this.owned.get(file);
      if (!entry || entry.key !== key || this.staged.has(file) || this.kept.has(file)) return null;
      // Looked at here unless the check thread already found it as recorded.
      if (!this.verified?.has(file)) {
        const stat = fs.statSync(path.join(this.target, file), { throwIfNoEntry: false });
        if (!stat?.isFile() || stat.size !== entry.bytes) return null;
      }
      kept.push({ path: file, bytes: entry.bytes, key });
    }
    for (const file of paths) this.kept.add(file);
    return kept;
  }

  /** Where a file of this build is on disk before the commit: staged, kept in place, or not part of the build. */
  locate(file: string): string | null {
    if (this.staged.has(file)) return path.join(this.dir, file);
    if (this.kept.has(file)) return path.join(this.target, file);
    return null;
  }

  /** True for a file this build kept from the previous one, as it was. */
  isKept(file: string): boolean {
    return this.kept.has(file);
  }

  commit(): void {
    // When nothing was kept, the staging folder is the whole output: one swap beats a rename per file.
    if (this.incremental && this.kept.size) {
      this.commitInPlace();
      return;
    }
    const existed = fs.existsSync(this.target);
    if (existed) fs.renameSync(this.target, this.retired);
    try {
      fs.renameSync(this.dir, this.target);
    } catch (error) {
      if (existed) fs.renameSync(this.retired, this.target);
      throw error;
    }
    if (existed) retire(this.retired, this.target, new Set(this.owned.keys()), this.discarded);
  }

  private commitInPlace(): void {
    // Until the new manifest is in place, a manifest that trusts nothing but still names every file
    // either build wrote: an interrupted commit leads to a full build that may still clean up after it.
    const interim: BuildManifest = {
      generator: 'agentdir',
      inputKey: '',
      files: [...new Set([...this.owned.keys(), ...this.staged])].sort().map((file) => [file, -1]),
      summary: null,
    };
    fs.writeFileSync(path.join(this.target, manifestName), `${JSON.stringify(interim)}\n`);
    const folders = new Set<string>();
    let setAside = false;
    for (const file of this.staged) {
      if (file === manifestName) continue;
      const destination = path.join(this.target, file);
      const folder = path.dirname(destination);
      if (!folders.has(folder)) {
        // A file where this build needs a folder (or the reverse) goes first.
        if (!fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) fs.rmSync(folder, { force: true });
        fs.mkdirSync(folder, { recursive: true });
        folders.add(folder);
      }
      const replaced = fs.statSync(destination, { throwIfNoEntry: false });
      if (replaced?.isDirectory()) fs.rmSync(destination, { recursive: true, force: true });
      const source = path.join(this.dir, file);
      // ext4 writes a file's data out before it may replace another by rename (auto_da_alloc): about
      // 1 ms per MB, paid in this call. Moving the old file aside first avoids the replace for large
      // exports, and freeing its blocks (another 0.5 ms per MB) is left to a background process.
      if (replaced?.isFile() && fs.statSync(source).size >= moveAsideBytes) {
        const aside = path.join(this.discarded, file);
        fs.mkdirSync(path.dirname(aside), { recursive: true });
        fs.renameSync(destination, aside);
        fs.renameSync(source, destination);
        setAside = true;
      } else fs.renameSync(source, destination);
    }
    const emptied = new Set<string>();
    for (const file of this.owned.keys()) {
      if (this.staged.has(file) || this.kept.has(file) || file === manifestName) continue;
      fs.rmSync(path.join(this.target, file), { force: true });
      emptied.add(path.dirname(file));
    }
    for (const folder of [...emptied].sort((a, b) => b.length - a.length)) removeEmptyFolders(this.target, folder);
    if (this.staged.has(manifestName))
      fs.renameSync(path.join(this.dir, manifestName), path.join(this.target, manifestName));
    fs.rmSync(this.dir, { recursive: true, force: true });
    if (setAside) removeInBackground(this.discarded);
  }

  abort(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Removes `folder` (relative to `root`) and its parents while they are empty, never `root` itself. */
function removeEmptyFolders(root: string, folder: string): void {
  for (let current = folder; current && current !== '.' && current !== path.sep; current = path.dirname(current)) {
    try {
      fs.rmdirSync(path.join(root, current));
    } catch {
      return;
    }
  }
}

/**
 * Removes a previous output that was swapped out, as its manifest lists its files. Anything else in
 * it (a CNAME, a deploy tool's folder) was put there by someone else: it moves into the new output
 * unless the new build wrote a file at the same path. The rest is renamed to `discarded` and deleted
 * by a background process; without `discarded` (cleaning up after a killed build), deleted here.
 */
function retire(retired: string, target: string, owned: Set<string>, discarded?: string): void {
  const entries = fs.readdirSync(retired, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (entry.isDirectory()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const file = path.relative(retired, full).split(path.sep).join('/');
    if (owned.has(file) || file === manifestName) continue;
    const destination = path.join(target, file);
    if (fs.lstatSync(destination, { throwIfNoEntry: false })) continue;
    fs.mkdirSync(path.dirname(destination), { recursive: true });
    fs.renameSync(full, destination);
  }
  if (!discarded) {
    fs.rmSync(retired, { recursive: true, force: true });
    return;
  }
  fs.renameSync(retired, discarded);
  removeInBackground(discarded);
}

/** True while the process with this id runs (another build beside ours). */
function isRunning(pid: number): boolean {
  return pid !== process.pid && processExists(pid);
}

/**
 * A build that was killed leaves its staging folder (which may hold premium text) or, if killed
 * mid-swap, the previous output under its retired name: the first is removed, the second restored
 * (or retired as usual when the swap had finished). Folders of builds still running are left alone.
 */
function recoverInterruptedBuilds(parent: string, name: string): void {
  if (!fs.existsSync(parent)) return;
  const target = path.join(parent, name);
  for (const entry of fs.readdirSync(parent)) {
    const match = /^\.agentdir-(staging|retired|discarded)-(.+)-(\d+)(?:\.\d+)?$/.exec(entry);
    if (!match || match[2] !== name || isRunning(Number(match[3]))) continue;
    const folder = path.join(parent, entry);
    if (match[1] === 'discarded') {
      // This process's own are being deleted by their removers. Another's may be too, or its remover
      // died: one more in the background, never a wait here (two removers of one folder are harmless).
      if (Number(match[3]) !== process.pid) removeInBackground(folder);
      continue;
    }
    if (match[1] === 'staging') fs.rmSync(folder, { recursive: true, force: true });
    else if (!fs.existsSync(target)) fs.renameSync(folder, target);
    else retire(folder, target, new Set((readManifest(folder)?.files ?? []).map(([file]) => file)));
  }
}
