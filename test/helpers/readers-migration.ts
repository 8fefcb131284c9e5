import fs from 'node:fs';
import path from 'node:path';
import type { ReadersDatabase } from '../../src/shared/readers/database.js';
import { repoRoot } from './fixtures.js';

/**
 * Creates the readers tables in a D1 database (Miniflare's), statement by statement from the same
 * migration file `wrangler d1 migrations apply` reads: D1's `exec` would take it whole, but a batch
 * of prepared statements is what the D1-shaped `ReadersDatabase` offers.
 */
export async function applyReadersMigration(db: ReadersDatabase): Promise<void> {
  const migration = fs.readFileSync(path.join(repoRoot, 'migrations', '0001_agent_readers.sql'), 'utf8');
  const statements = migration
    .replace(/^\s*--.*$/gm, '')
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter(Boolean);
  await db.batch(statements.map((statement) => db.prepare(statement)));
}
