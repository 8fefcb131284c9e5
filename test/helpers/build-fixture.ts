import path from 'node:path';
import { build, type BuildResult } from '../../src/compile/build.js';
import { tempDir } from './fixtures.js';
import { sharedBuild } from './shared-builds.js';

/** A fixed date for reproducible builds in tests: 2026-06-01. */
export const testEpoch = String(Date.UTC(2026, 5, 1) / 1000);

/**
 * Builds a content folder into a fresh temp `dist`, failing loudly on content errors. A folder another
 * test file of this run built with the same options is copied from that build (shared-builds.ts).
 */
export async function buildFixture(
  contentDir: string,
  outDir = path.join(tempDir(), 'dist'),
  options: { baseUrl?: string } = {},
): Promise<BuildResult> {
  const result = await sharedBuild(contentDir, outDir, options, () =>
    build({ contentDir, outDir, sourceDateEpoch: testEpoch, ...options }),
  );
  if (!result.ok)
    throw new Error(
      `Fixture ${contentDir} did not build:\n${result.problems.map((problem) => `${problem.file}:${problem.line} ${problem.message}`).join('\n')}`,
    );
  return result;
}
