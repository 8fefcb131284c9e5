import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WranglerError, wranglerRunner } from '../src/analytics/wrangler-runner.js';
import { tempDir } from './helpers/fixtures.js';

// `agentdir analytics --remote` reads what `wrangler d1 execute --json` prints. A wrangler that
// prints JSON of another shape (another version, a wrapper script) gets words to act on, not rows
// of the wrong kind handed to the report.

/** A stand-in for wrangler that prints `output` and exits 0, whatever it is asked. */
function printingWrangler(output: string) {
  const folder = tempDir();
  const script = path.join(folder, 'wrangler.mjs');
  fs.writeFileSync(script, `process.stdout.write(${JSON.stringify(output)});\n`);
  return wranglerRunner({ command: process.execPath, args: [script], cwd: folder, location: '--remote' });
}

describe('agentdir analytics --remote reading wrangler’s JSON', () => {
  it('gives each query the rows of its result, and none for a result without rows', async () => {
    const run = printingWrangler(JSON.stringify([{ results: [{ requests: 3 }], success: true }, { success: true }]));
    expect(await Promise.all([run('SELECT 1', []), run('SELECT 2', [])])).toEqual([[{ requests: 3 }], []]);
  });

  it.each([
    ['rows that are not a list', [{ results: 'none' }]],
    ['rows that are not objects', [{ results: [1, 2] }]],
    ['a result that is not an object', [null]],
  ])('says wrangler printed JSON agentdir cannot read when a result has %s', async (_, printed) => {
    const answer = printingWrangler(JSON.stringify(printed))('SELECT 1', []);
    await expect(answer).rejects.toThrow(WranglerError);
    await expect(answer).rejects.toThrow('printed JSON agentdir cannot read');
  });
});
