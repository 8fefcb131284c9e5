import fs from 'node:fs';
import path from 'node:path';
import type { Problem } from '../errors/problem.js';
import { normalizeText } from '../util/text.js';
import { maxContentFileBytes } from '../util/limits.js';
import { type FileRefusal, readRegularFileSync, specialKindOf } from '../util/regular-file.js';
import { fileProblem } from './file-problem.js';
import { folderPrefix } from '../util/folder-prefix.js';

export type ContentRead = { ok: true; text: string } | { ok: false; problem: Problem };

/**
 * Folders with their symlinks resolved, one entry per folder (a site has few folders and many files).
 * One map per pass over the content: a long-running `serve --watch` must see a folder replaced since.
 */
export type RealFolders = Map<string, string>;

function realFolder(folders: RealFolders, folder: string): string {
  let real = folders.get(folder);
  if (!real) {
    real = fs.realpathSync(folder);
    folders.set(folder, real);
  }
  return real;
}

/**
 * Why `file` may not be read as content, or null when it may: a regular file (or a symlink to one)
 * inside `root`, of a sane size. Checked before any read, so a link to /proc/self/environ, /dev/zero
 * or a file elsewhere on the machine is refused without a byte of it reaching the build or a message,
 * and a pipe, socket, device, folder or broken link named like a content file is a located problem
 * rather than an entry skipped without a word.
 */
export function contentFileProblem(root: string, file: string, folders: RealFolders = new Map()): Problem | null {
  const checked = checkContentFile(root, file, folders);
  return 'problem' in checked ? checked.problem : null;
}

/** As contentFileProblem, with the status of the file that may be read (the link's target for a link). */
export function checkContentFile(
  root: string,
  file: string,
  folders: RealFolders = new Map(),
): { problem: Problem } | { stat: fs.BigIntStats } {
  let stat = fs.lstatSync(file, { throwIfNoEntry: false, bigint: true });
  if (!stat) return { problem: fileProblem(file, 'MissingFile', { missing: 'vanished' }) };
  // A linked folder (articles/guides -> ~/elsewhere) leaves the content folder as surely as a linked file.
  let target = folderPrefix(realFolder(folders, path.dirname(file))) + path.basename(file);
  const throughLink = stat.isSymbolicLink();
  if (throughLink) {
    try {
      target = fs.realpathSync(file);
      stat = fs.statSync(target, { bigint: true });
    } catch (error) {
      return { problem: contentReadProblem(file, linkRefusal(error)) };
    }
  }
  // Whatever it is and wherever it leads, a pipe or a device is never read: say so rather than where it is.
  if (!stat.isFile()) {
    return { problem: contentReadProblem(file, { reason: 'not-regular', kind: specialKindOf(stat), throughLink }) };
  }
  if (!isInside(realFolder(folders, root), target)) {
    return { problem: fileProblem(file, 'ContentOutsideFolder', {}) };
  }
  if (stat.size > BigInt(maxContentFileBytes)) {
    return {
      problem: fileProblem(file, 'FileTooLarge', { bytes: Number(stat.size), limitBytes: maxContentFileBytes }),
    };
  }
  return { stat };
}

/**
 * Whether `target` is inside the folder `root`, both real absolute paths: a comparison of strings,
 * where path.relative cost a tenth of checking 4,000 files.
 */
function isInside(root: string, target: string): boolean {
  return target.startsWith(folderPrefix(root));
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Why a symlink could not be followed (realpath's error), as a refusal. */
function linkRefusal(error: unknown): FileRefusal {
  const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
  if (code === 'ELOOP') return { reason: 'link-loop' };
  if (code === 'ENOENT' || code === 'ENOTDIR') return { reason: 'broken-link' };
  return { reason: 'unreadable', code };
}

/** The problem of a content file that could not be read as one (see readRegularFileSync). */
export function contentReadProblem(file: string, refusal: FileRefusal): Problem {
  switch (refusal.reason) {
    case 'missing':
    case 'changed':
      return fileProblem(file, 'MissingFile', { missing: 'vanished' });
    case 'too-large':
      return fileProblem(file, 'FileTooLarge', { bytes: refusal.bytes, limitBytes: refusal.limitBytes });
    default:
      return fileProblem(file, 'UnreadableContentFile', refusal);
  }
}

/** The file a check let through: what is read must be that very file (same device and inode), not one swapped in since. */
export type CheckedIdentity = { dev: bigint; ino: bigint };

/**
 * A content file's bytes, read only if it is still the regular file `checked` found (see
 * checkContentFile): opened without blocking and judged by the opened descriptor, so a file swapped
 * for a pipe, a device or a link out of the folder after the check is refused, never read or waited on.
 */
export function readCheckedContent(
  file: string,
  checked: CheckedIdentity | undefined,
): { ok: true; bytes: Buffer } | { ok: false; problem: Problem } {
  const read = readRegularFileSync(file, {
    maxBytes: maxContentFileBytes,
    ...(checked ? { sameAs: { dev: checked.dev, ino: checked.ino } } : {}),
  });
  return read.ok ? { ok: true, bytes: read.bytes } : { ok: false, problem: contentReadProblem(file, read.refusal) };
}

/**
 * A content file's text: checked (checkContentFile) before a byte is read, so a link out of the
 * folder is refused and a FIFO or device never blocks the read, then decoded (decodeContentText).
 */
export function readContentFile(root: string, file: string): ContentRead {
  const checked = checkContentFile(root, file);
  if ('problem' in checked) return { ok: false, problem: checked.problem };
  const read = readCheckedContent(file, checked.stat);
  return read.ok ? decodeContentText(file, read.bytes) : read;
}

/** 1-based line and column of a character offset. */
function positionOf(text: string, offset: number): { line: number; column: number } {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return { line: (text.slice(0, offset).match(/\n/g)?.length ?? 0) + 1, column: offset - lineStart + 1 };
}

/**
 * A content file's bytes as text: UTF-8 (with or without a BOM), CRLF or LF, no NUL bytes. Anything
 * else is a located problem: such a file is binary or in another encoding, and would render as noise.
 */
export function decodeContentText(file: string, bytes: Buffer): ContentRead {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    // A lenient decode marks each bad sequence with U+FFFD: the first one is where to look.
    const lenient = bytes.toString('utf8');
    const at = positionOf(lenient, Math.max(0, lenient.indexOf('\uFFFD')));
    return {
      ok: false,
      problem: fileProblem(file, 'InvalidText', { reason: 'not-utf8' }, at),
    };
  }
  const nul = text.indexOf('\0');
  if (nul !== -1) {
    const at = positionOf(text, nul);
    return {
      ok: false,
      problem: fileProblem(file, 'InvalidText', { reason: 'nul' }, at),
    };
  }
  return { ok: true, text: normalizeText(text) };
}
