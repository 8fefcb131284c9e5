import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BuildResult } from '../../src/compile/build.js';

// Builds shared between the test files of one run. Many files build the same folder (the minimal
// fixture, the default content/) with the same options; builds are reproducible (a fixed
// SOURCE_DATE_EPOCH, and the output folder's path is in no file), so the first build of a folder is
// kept here and every later one is a copy of it: the same bytes, for a fraction of the time. The
// folder is made per run by vitest.config.ts and removed when the run ends (shared-builds-teardown.ts).

/** Where this run keeps its shared builds; unset outside a vitest run, where nothing is shared. */
const storeDir = process.env.AGENTDIR_TEST_BUILDS;

/**
 * What a build of `contentDir` with `options` is made from: every file's path and bytes, and the
 * options. Null when the folder cannot be described that way (a link, a pipe, templates kept
 * outside it), so a test of such a folder always builds it.
 */
function inputsKey(contentDir: string, options: object): string | null {
  const hash = createHash('sha256').update(JSON.stringify(options));
  const walk = (folder: string): boolean => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!walk(full)) return false;
      } else if (entry.isFile()) {
        hash.update(path.relative(contentDir, full)).update('\0').update(fs.readFileSync(full)).update('\0');
      } else return false;
    }
    return true;
  };
  if (!walk(contentDir)) return null;
  // No site.yaml is the build's to report; templates kept elsewhere are inputs this key does not read.
  const siteFile = path.join(contentDir, 'site.yaml');
  if (!fs.existsSync(siteFile) || /^templates:/m.test(fs.readFileSync(siteFile, 'utf8'))) return null;
  return hash.digest('hex');
}

/**
 * Whether `outDir` is a first build's: neither it nor anything beside it exists. A build also reads
 * what lies beside its output folder (the previous output a killed build moved aside, which it
 * restores), so only a build into an empty folder is the same as every other.
 */
function intoEmptyFolder(outDir: string): boolean {
  const parent = path.dirname(outDir);
  return !fs.existsSync(outDir) && (!fs.existsSync(parent) || fs.readdirSync(parent).length === 0);
}

/**
 * The build of `contentDir` with `options` into `outDir`: copied from this run's store when a file
 * built the same inputs before, else made by `build` and kept for the next. Only successful builds
 * are kept.
 */
export async function sharedBuild(
  contentDir: string,
  outDir: string,
  options: object,
  build: () => Promise<BuildResult>,
): Promise<BuildResult> {
  const key = storeDir && intoEmptyFolder(outDir) ? inputsKey(contentDir, options) : null;
  if (!storeDir || !key) return build();
  const kept = path.join(storeDir, key);
  const resultFile = path.join(kept, 'result.json');
  if (fs.existsSync(resultFile)) {
    fs.cpSync(path.join(kept, 'out'), outDir, { recursive: true });
    return { ...(JSON.parse(fs.readFileSync(resultFile, 'utf8')) as BuildResult), outDir };
  }
  const result = await build();
  if (!result.ok) return result;
  // Two files may build the same inputs at once: each stages its copy, and the first rename wins.
  const staging = fs.mkdtempSync(path.join(storeDir, `${key.slice(0, 12)}-`));
  fs.cpSync(outDir, path.join(staging, 'out'), { recursive: true });
  fs.writeFileSync(path.join(staging, 'result.json'), JSON.stringify(result));
  try {
    fs.renameSync(staging, kept);
  } catch {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return result;
}
