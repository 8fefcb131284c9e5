// The readers database of `agentdir serve`: a SQLite file (node-sqlite3-wasm, no native build)
// behind the D1-shaped `ReadersDatabase`, so the worker's statements run here as they do on D1.

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Database, QueryResult } from 'node-sqlite3-wasm';
import type { BoundStatement, PreparedStatement, ReadersDatabase, SqlValue } from '../shared/readers/database.js';
import { builtinMigrationsDir } from '../util/paths.js';

/** Where `agentdir serve` keeps what its worker records, beside the key file, unless told otherwise. */
export const defaultReadersDatabase = path.join('.agentdir', 'readers.sqlite');

/** The readers file: a flag, else AGENTDIR_READERS_DATABASE, else the default, from the working directory. */
export function readersDatabasePath(flag?: string): string {
  return path.resolve(flag ?? process.env.AGENTDIR_READERS_DATABASE ?? defaultReadersDatabase);
}

export interface LocalReadersDatabase extends ReadersDatabase {
  /** Runs what is queued, then closes the file. */
  close(): Promise<void>;
}

type Mode = 'run' | 'all' | 'first';

interface Step {
  sql: string;
  values: SqlValue[];
  mode: Mode;
}

interface Job {
  steps: Step[];
  /** A batch: all of its steps or none. */
  atomic: boolean;
  resolve(results: unknown[]): void;
  reject(error: unknown): void;
}

// Loaded through require, not bundled: the package finds its .wasm file beside its own script.
const sqlite = () =>
  createRequire(import.meta.url)('node-sqlite3-wasm') as { Database: new (file: string) => Database };

/** The table and columns `wrangler d1 migrations apply` keeps, so both tools agree on what a file holds. */
const migrationsTable = `CREATE TABLE IF NOT EXISTS d1_migrations(
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`;

/** How long a flush waits for another process (an `agentdir analytics` reading) to let go of the file. */
const busyRetries = 50;
const busyRetryMs = 20;
/** A lock older than this was left by a process that died inside a transaction (each takes milliseconds). */
const staleLockMs = 10_000;

/**
 * Opens (creating folder and file) the readers database at `file` and applies the migrations not
 * yet applied. Statements queue and run together, one transaction per turn of the event loop:
 * a thousand concurrent inserts cost one commit, not a thousand. A file deleted while open is made
 * again, migrated, on the next write. A failure rejects the statement's promise; nothing throws.
 */
export function openReadersDatabase(file: string, migrationsDir = builtinMigrationsDir): LocalReadersDatabase {
  let db: Database | null = null;
  let openedInode = 0;
  let queue: Job[] = [];
  let scheduled = false;
  let busyAttempts = 0;
  let closed = false;
  let idle: Promise<void> = Promise.resolve();
  let markIdle = () => {};

  const open = (): Database => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (db && stat && stat.ino === openedInode) return db;
    if (db) closeQuietly(db);
    db = null;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const opened = new (sqlite().Database)(file);
    try {
      migrate(opened, migrationsDir);
    } catch (error) {
      closeQuietly(opened);
      throw error;
    }
    db = opened;
    openedInode = fs.statSync(file).ino;
    return opened;
  };

  const flush = () => {
    scheduled = false;
    const jobs = queue;
    queue = [];
    let database: Database;
    try {
      database = open();
      database.exec('BEGIN IMMEDIATE');
    } catch (error) {
      if (isBusy(error) && busyAttempts < busyRetries) {
        busyAttempts += 1;
        removeStaleLock(file);
        queue = jobs.concat(queue);
        scheduled = true;
        setTimeout(flush, busyRetryMs);
        return;
      }
      busyAttempts = 0;
      for (const job of jobs) job.reject(error);
      return settle();
    }
    busyAttempts = 0;
    const done: { job: Job; results: unknown[] }[] = [];
    for (const job of jobs) {
      try {
        done.push({ job, results: runJob(database, job) });
      } catch (error) {
        job.reject(error);
      }
    }
    try {
      database.exec('COMMIT');
      for (const { job, results } of done) job.resolve(results);
    } catch (error) {
      rollbackQuietly(database);
      for (const { job } of done) job.reject(error);
    }
    settle();
  };

  const settle = () => {
    if (queue.length) return schedule();
    markIdle();
  };

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };

  const enqueue = (steps: Step[], atomic: boolean): Promise<unknown[]> =>
    new Promise((resolve, reject) => {
      if (closed) return reject(new Error(`The readers database ${file} is closed.`));
      if (!queue.length && !scheduled) idle = new Promise((done) => (markIdle = done));
      queue.push({ steps, atomic, resolve, reject });
      schedule();
    });

  const statement = (sql: string, values: SqlValue[]): BoundStatement => ({
    run: async () => (await enqueue([{ sql, values, mode: 'run' }], false))[0],
    all: async <Row>() => (await enqueue([{ sql, values, mode: 'all' }], false))[0] as { results: Row[] },
    first: async <Row>() => ((await enqueue([{ sql, values, mode: 'first' }], false))[0] as Row | null) ?? null,
  });

  const steps = new WeakMap<BoundStatement, Step>();
  const prepare = (sql: string): PreparedStatement => {
    const bound = (values: SqlValue[]) => {
      const made = statement(sql, values);
      steps.set(made, { sql, values, mode: 'all' });
      return made;
    };
    const unbound = bound([]) as PreparedStatement;
    unbound.bind = (...values: SqlValue[]) => bound(values);
    return unbound;
  };

  return {
    prepare,
    batch: (statements) => {
      const batched = statements.map((made) => steps.get(made));
      if (batched.some((step) => !step))
        return Promise.reject(new Error('`batch` takes statements prepared by this same database.'));
      return enqueue(batched as Step[], true);
    },
    async close() {
      closed = true;
      if (queue.length || scheduled) await idle;
      if (db) closeQuietly(db);
      db = null;
    },
  };
}

/** A job's results, each as D1 gives it: run and batch a result object, all `{ results }`, first a row or null. */
function runJob(db: Database, job: Job): unknown[] {
  if (!job.atomic) return job.steps.map((step) => runStep(db, step));
  db.exec('SAVEPOINT batch');
  try {
    const results = job.steps.map((step) => d1Result(db, step));
    db.exec('RELEASE batch');
    return results;
  } catch (error) {
    db.exec('ROLLBACK TO batch');
    db.exec('RELEASE batch');
    throw error;
  }
}

function runStep(db: Database, step: Step): unknown {
  if (step.mode === 'first') return rowFrom(db.get(step.sql, step.values));
  if (step.mode === 'all') return { results: db.all(step.sql, step.values).map(rowFrom), success: true };
  const { changes, lastInsertRowid } = db.run(step.sql, step.values);
  return { results: [], success: true, meta: { changes, last_row_id: Number(lastInsertRowid) } };
}

function d1Result(db: Database, step: Step): unknown {
  const results = db.all(step.sql, step.values).map(rowFrom);
  const changes = Number((db.get('SELECT changes() AS changes') as { changes: number }).changes);
  return { results, success: true, meta: { changes } };
}

/** D1 gives integers as numbers; so does this file, whatever their size. */
function rowFrom<Row>(row: QueryResult | null): Row | null {
  if (!row) return null;
  const copy: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) copy[name] = typeof value === 'bigint' ? Number(value) : value;
  return copy as Row;
}

/** Applies, in name order, each `.sql` file of `dir` that `d1_migrations` does not list, and lists it. */
function migrate(db: Database, dir: string): void {
  db.exec(migrationsTable);
  const applied = new Set(db.all('SELECT name FROM d1_migrations').map((row) => String(row.name)));
  const pending = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.sql') && !applied.has(name))
    .sort();
  for (const name of pending) {
    const sql = fs.readFileSync(path.join(dir, name), 'utf8');
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(sql);
      db.run('INSERT INTO d1_migrations (name) VALUES (?)', [name]);
      db.exec('COMMIT');
    } catch (error) {
      rollbackQuietly(db);
      throw error;
    }
  }
}

function isBusy(error: unknown): boolean {
  return error instanceof Error && /database is locked|SQLITE_BUSY/i.test(error.message);
}

/** node-sqlite3-wasm locks a file with a folder beside it; one a dead process left would block every write. */
function removeStaleLock(file: string): void {
  const lock = `${file}.lock`;
  const stat = fs.statSync(lock, { throwIfNoEntry: false });
  if (stat && Date.now() - stat.mtimeMs > staleLockMs) fs.rmSync(lock, { recursive: true, force: true });
}

function rollbackQuietly(db: Database): void {
  try {
    if (db.inTransaction) db.exec('ROLLBACK');
  } catch {
    // Nothing left to undo.
  }
}

function closeQuietly(db: Database): void {
  try {
    db.close();
  } catch {
    // Already unusable (its file is gone); nothing to release.
  }
}
