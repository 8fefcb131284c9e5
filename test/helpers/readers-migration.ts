import fs from 'node:fs';
import path from 'node:path';
import type { ReadersDatabase } from '../../src/shared/readers/database.js';
import { repoRoot } from './fixtures.js';

/**
 * Creates the readers tables in a D1 database (Miniflare's), statement by statement from the same
 * migration files, in the same order, that `wrangler d1 migrations apply` reads: D1's `exec` would
 * take them whole, but a batch of prepared statements is what the D1-shaped `ReadersDatabase` offers.
 */
export async function applyReadersMigration(db: ReadersDatabase): Promise<void> {
  const folder = path.join(repoRoot, 'migrations');
  const files = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const statements = files
    .flatMap((name) =>
      fs
        .readFileSync(path.join(folder, name), 'utf8')
        .replace(/^\s*--.*$/gm, '')
        .split(/;\s*$/m),
    )
    .map((statement) => statement.trim())
    .filter(Boolean);
  await db.batch(statements.map((statement) => db.prepare(statement)));
}
