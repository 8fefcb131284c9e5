// The part of Cloudflare D1's API that recording and reporting use. On Cloudflare the binding
// `AGENTDIR_DB` is a D1 database; under `agentdir serve` it is a SQLite file behind the same shape
// (src/serve/readers-database.ts), so one set of SQL statements runs on both. Values reach SQL
// only as bound parameters.

export type SqlValue = string | number | null;

export interface BoundStatement {
  run(): Promise<unknown>;
  all<Row = Record<string, unknown>>(): Promise<{ results: Row[] }>;
  first<Row = Record<string, unknown>>(): Promise<Row | null>;
}

export interface PreparedStatement extends BoundStatement {
  bind(...values: SqlValue[]): BoundStatement;
}

export interface ReadersDatabase {
  prepare(sql: string): PreparedStatement;
  /** Runs the statements in one transaction, in order. */
  batch(statements: BoundStatement[]): Promise<unknown[]>;
}
