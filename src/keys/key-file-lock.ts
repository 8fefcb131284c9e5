import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { displayPath } from '../util/paths.js';
import { KeyFileError } from './key-file.js';
import { processExists } from '../util/process-exists.js';

export interface LockOptions {
  /** How long to wait for another holder before giving up. */
  timeoutMs?: number;
  /** A lock older than this is taken to belong to a process that hung or died on another host. */
  staleMs?: number;
}

export interface HeldLock {
  /** False when another process broke the lock as stale: then nothing may be written. */
  stillHeld(): boolean;
  release(): void;
}

interface LockOwner {
  pid: number;
  host: string;
  since: string;
  token: string;
}

/** What was seen at the lock path; `identity` tells one lock from the next one at the same path. */
interface SeenLock {
  identity: string;
  text: string;
  ageMs: number;
  owner: LockOwner | null;
}

const defaults: Required<LockOptions> = { timeoutMs: 10_000, staleMs: 30_000 };
/** Breaking takes microseconds; a break guard this old was left by a process that died meanwhile. */
const breakGuardStaleMs = 5_000;

/**
 * Takes `lockFile` by creating it exclusively (O_EXCL), so one process at a time holds it. Waits with
 * a short, growing, jittered backoff; breaks a lock whose process is gone or that is older than
 * `staleMs`; gives up after `timeoutMs` with a KeyFileError that names the lock file.
 */
export async function acquireLock(lockFile: string, options: LockOptions = {}): Promise<HeldLock> {
  const { timeoutMs, staleMs } = { ...defaults, ...options };
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    const text = JSON.stringify({
      pid: process.pid,
      host: os.hostname(),
      since: new Date().toISOString(),
      token: randomBytes(8).toString('hex'),
    } satisfies LockOwner);
    if (createExclusive(lockFile, text)) return heldLock(lockFile, text);
    const seen = inspect(lockFile);
    if (seen && isStale(seen, staleMs) && breakStale(lockFile, seen)) continue;
    if (Date.now() >= deadline) throw timedOut(lockFile, seen?.owner ?? null, timeoutMs);
    await sleep(Math.min(5 * 1.5 ** attempt, 100) * (0.5 + Math.random()));
  }
}

function heldLock(lockFile: string, text: string): HeldLock {
  const stillHeld = () => inspect(lockFile)?.text === text;
  return {
    stillHeld,
    release() {
      // Only our own lock is removed: if ours was broken as stale, the file is someone else's now.
      if (stillHeld()) fs.rmSync(lockFile, { force: true });
    },
  };
}

/** True when this call created the file; false when it already exists. */
function createExclusive(file: string, text: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new KeyFileError(
      `Cannot create the lock file ${displayPath(file)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Check that its folder is writable.`,
      { cause: error },
    );
  }
  try {
    fs.writeSync(fd, text);
  } catch (error) {
    fs.closeSync(fd);
    fs.rmSync(file, { force: true });
    throw error;
  }
  fs.closeSync(fd);
  return true;
}

function inspect(file: string): SeenLock | null {
  try {
    const stat = fs.statSync(file);
    const text = fs.readFileSync(file, 'utf8');
    return {
      identity: `${stat.ino}:${stat.mtimeMs}:${text}`,
      text,
      ageMs: Date.now() - stat.mtimeMs,
      owner: parseOwner(text),
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function parseOwner(text: string): LockOwner | null {
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? (owner as LockOwner) : null;
  } catch {
    // Empty or half-written: its creator may be writing it right now, so only its age can tell.
    return null;
  }
}

function isStale(seen: SeenLock, staleMs: number): boolean {
  if (seen.ageMs > staleMs) return true;
  // A pid means something only on the host that wrote it.
  return seen.owner !== null && seen.owner.host === os.hostname() && !processExists(seen.owner.pid);
}

/**
 * Removes a stale lock while holding `<lock>.break`, and only if it is still the very lock judged
 * stale: many waiters see the same stale lock, and without the guard one of them could remove the
 * fresh lock another has just taken in its place. False when another process is breaking it.
 */
function breakStale(lockFile: string, seen: SeenLock): boolean {
  const guard = `${lockFile}.break`;
  if (
    !createExclusive(
      guard,
      JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString(), token: '' }),
    )
  ) {
    const guardSeen = inspect(guard);
    if (guardSeen && isStale(guardSeen, breakGuardStaleMs)) fs.rmSync(guard, { force: true });
    return false;
  }
  try {
    if (inspect(lockFile)?.identity === seen.identity) fs.rmSync(lockFile, { force: true });
    return true;
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

function timedOut(lockFile: string, owner: LockOwner | null, timeoutMs: number): KeyFileError {
  const holder = owner ? ` (held by process ${owner.pid} on ${owner.host} since ${owner.since})` : '';
  return new KeyFileError(
    `Another \`agentdir keys\` command is changing the key file: its lock ${displayPath(lockFile)}${holder} was not released within ${timeoutMs / 1000} s. ` +
      `Wait for that command and run this one again; if no agentdir keys command is running, delete ${displayPath(lockFile)} and run this one again.`,
  );
}
