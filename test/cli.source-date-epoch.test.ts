import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDir, repoRoot, tempDir } from './helpers/fixtures.js';
import { stackTraceLines } from './helpers/stack-trace.js';
import { runCli } from './helpers/run-cli.js';

// SOURCE_DATE_EPOCH dates a build (README: agentdir build). A value that names no day agentdir can
// write is an InvalidEnvironment problem before any work, never a RangeError or a silent fallback.

function run(sourceDateEpoch: string, ...args: string[]) {
  return runCli(repoRoot, args, { env: { SOURCE_DATE_EPOCH: sourceDateEpoch } });
}

const content = path.join(fixturesDir, 'minimal');
const invalid = ['99999999999999', '253402300800', '-1', 'yesterday', '1.5', '1e9', ' 1780272000'];

describe('SOURCE_DATE_EPOCH', () => {
  it.each(invalid)(
    '"%s" stops build, validate and serve --watch with InvalidEnvironment, and nothing written',
    (value) => {
      const outDir = path.join(tempDir(), 'dist');
      for (const args of [
        ['build', content, '--out', outDir, '--no-cache'],
        ['validate', content, '--no-cache'],
        ['serve', outDir, '--content', content, '--watch', '--port', '0'],
      ]) {
        const result = run(value, ...args);
        expect(stackTraceLines(result.stdout + result.stderr), args[0]).toEqual([]);
        expect(result.code, args[0]).toBe(1);
        expect(result.stderr, args[0]).toContain(
          `SOURCE_DATE_EPOCH  error  \`SOURCE_DATE_EPOCH\` must be a whole number of seconds`,
        );
        expect(result.stderr, args[0]).toContain(`(got "${value}")`);
        expect(result.stderr, args[0]).toContain('[InvalidEnvironment: Environment variable is not valid]');
        expect(fs.existsSync(outDir), args[0]).toBe(false);
      }
    },
  );

  it('says so in the JSON summary of build --json', () => {
    const result = run('99999999999999', 'build', content, '--out', path.join(tempDir(), 'dist'), '--json');
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).problems).toEqual([
      expect.objectContaining({ code: 'InvalidEnvironment', file: 'SOURCE_DATE_EPOCH', field: 'SOURCE_DATE_EPOCH' }),
    ]);
  });
});
