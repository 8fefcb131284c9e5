import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openReadersDatabase } from '../src/serve/readers-database.js';
import { recordFeedback, recordEvent } from '../src/shared/readers/statements.js';
import { tempDir } from './helpers/fixtures.js';
import { readerEvent, readerFeedback } from './helpers/readers-seed.js';
import { rawRequest, startServe } from './helpers/runtimes.js';
import { siteUnderTest } from './helpers/site-under-test.js';

const day = 86_400_000;

describe('the worker keeps readers for analytics.retention_days', () => {
  it('prunes events and feedback older than the retention as it records, and keeps the rest', async () => {
    const site = await siteUnderTest({ siteYaml: 'analytics:\n  retention_days: 30\n' });
    const file = path.join(tempDir(), 'readers.sqlite');
    const seeded = openReadersDatabase(file);
    const now = Date.now();
    await recordEvent(seeded, readerEvent(now - 40 * day, 0, { path: '/old' }));
    await recordEvent(seeded, readerEvent(now - 20 * day, 0, { path: '/recent' }));
    await recordFeedback(seeded, readerFeedback(now - 40 * day, 0, { page: '/old' }), {
      perReaderLimit: 10,
      windowMs: day,
    });
    await seeded.close();

    const serve = await startServe(site.dist, site.keysFile, { AGENTDIR_READERS_DATABASE: file });
    expect((await rawRequest(serve.url, '/resources/data-formats.md')).status).toBe(402);
    // Stopping serve writes what its worker left to record.
    await serve.close();

    const db = openReadersDatabase(file);
    const paths = (await db.prepare('SELECT path FROM reader_events ORDER BY at').all<{ path: string }>()).results;
    const feedback = await db.prepare('SELECT count(*) AS n FROM reader_feedback').first<{ n: number }>();
    await db.close();
    expect(paths.map((row) => row.path)).toEqual(['/recent', '/resources/data-formats.md']);
    expect(feedback?.n).toBe(0);
  });
});
