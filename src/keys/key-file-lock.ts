import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { displayPath } from '../util/paths.js';
import { KeyFileError } from './key-file.js';
import { processExists } from '../util/process-exists.js';
import { processStartTime } from '../util/process-start-time.js';
import { describeRefusal, readRegularFileSync } from '../util/regular-file.js';
import { isObject } from '../shared/json-shapes.js';

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
  /** When the process `pid` started (processStartTime), where the system can tell: a pid reused since is told apart by it. */
  started?: string;
}

/** What was seen at the lock path; `identity` tells one lock from the next one at the same path. */
interface SeenLock {
  identity: string;
  text: string;
  ageMs: number;
  owner: SeenOwner | null;
}

/** What a lock another process wrote says of its owner: enough to tell whether it is stale. */
type SeenOwner = Pick<LockOwner, 'pid' | 'host' | 'started'> & { since?: string };

const defaults: Required<LockOptions> = { timeoutMs: 10_000, staleMs: 30_000 };
/** A lock is a line of JSON: anything this big at its path was not written by agentdir. */
const lockMaxBytes = 64 * 1024;
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
    const text = ownerText(randomBytes(8).toString('hex'));
    if (createExclusive(lockFile, text)) return heldLock(lockFile, text);
    const seen = inspect(lockFile);
    if (seen && isStale(seen, staleMs) && breakStale(lockFile, seen)) continue;
    if (Date.now() >= deadline) throw timedOut(lockFile, seen?.owner ?? null, timeoutMs);
    await sleep(Math.min(5 * 1.5 ** attempt, 100) * (0.5 + Math.random()));
  }
}

/** This process as a lock's owner: pid, host, time and, where the system tells it, when the process started. */
function ownerText(token: string): string {
  const started = processStartTime(process.pid);
  return JSON.stringify({
    pid: process.pid,
    host: os.hostname(),
    since: new Date().toISOString(),
    token,
    ...(started ? { started } : {}),
  } satisfies LockOwner);
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

/**
 * The lock at `file`, or null when there is none. Read only when it is a regular file (never a link:
 * agentdir writes the lock itself), opened without waiting, so a pipe, a device or a folder planted
 * at its path is refused with what to do instead of hanging or failing with a stack.
 */
function inspect(file: string): SeenLock | null {
  const read = readRegularFileSync(file, { followLinks: false, maxBytes: lockMaxBytes });
  if (!read.ok) {
    if (read.refusal.reason === 'missing') return null;
    throw new KeyFileError(
      `The lock file ${displayPath(file)} ${describeRefusal(read.refusal)}: it is not a lock agentdir wrote, so the key file was left alone. ` +
        `Remove ${displayPath(file)} and run the command again.`,
    );
  }
  const text = read.bytes.toString('utf8');
  const { stat } = read;
  return {
    identity: `${stat.dev}:${stat.ino}:${stat.mtimeNs}:${text}`,
    text,
    // Either way: a clock set back, or a time planted in the future, must not make a lock last for ever.
    ageMs: Math.abs(Date.now() - Number(stat.mtimeMs)),
    owner: parseOwner(text),
  };
}

function parseOwner(text: string): SeenOwner | null {
  try {
    const owner: unknown = JSON.parse(text);
    if (!isObject(owner)) return null;
    const { pid, host, since, started } = owner;
    if (typeof pid !== 'number' || typeof host !== 'string') return null;
    return {
      pid,
      host,
      ...(typeof since === 'string' ? { since } : {}),
      ...(typeof started === 'string' ? { started } : {}),
    };
  } catch {
    // Empty or half-written: its creator may be writing it right now, so only its age can tell.
    return null;
  }
}

/**
 * Stale: older than `staleMs`, or written on this host by a process that is gone. A pid alone does not
 * say the writer runs: the pid may since belong to another process, so where the lock records when its
 * process started, a running process that started at another time is not its writer.
 */
function isStale(seen: SeenLock, staleMs: number): boolean {
  if (seen.ageMs > staleMs) return true;
  const owner = seen.owner;
  // A pid means something only on the host that wrote it.
  if (owner === null || owner.host !== os.hostname()) return false;
  if (!processExists(owner.pid)) return true;
  if (owner.started === undefined) return false;
  const started = processStartTime(owner.pid);
  return started !== null && started !== owner.started;
}

/**
 * Removes a stale lock while holding `<lock>.break`, and only if it is still the very lock judged
 * stale: many waiters see the same stale lock, and without the guard one of them could remove the
 * fresh lock another has just taken in its place. False when another process is breaking it.
 */
function breakStale(lockFile: string, seen: SeenLock): boolean {
  const guard = `${lockFile}.break`;
  if (!createExclusive(guard, ownerText(''))) {
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

function timedOut(lockFile: string, owner: SeenOwner | null, timeoutMs: number): KeyFileError {
  const holder = owner
    ? ` (held by process ${owner.pid} on ${owner.host}${owner.since === undefined ? '' : ` since ${owner.since}`})`
    : '';
  return new KeyFileError(
    `Another \`agentdir keys\` command is changing the key file: its lock ${displayPath(lockFile)}${holder} was not released within ${timeoutMs / 1000} s. ` +
      `Wait for that command and run this one again; if no agentdir keys command is running, delete ${displayPath(lockFile)} and run this one again.`,
  );
}
