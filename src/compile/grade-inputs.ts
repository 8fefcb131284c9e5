import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { GraderReport } from '../grader/report.js';
import { isWorkerData } from '../shared/worker-data.js';
import { byString } from '../util/compare.js';
import { compilerKey } from '../cache/compiler-key.js';

/**
 * What a build's readiness grade read: each file of the output it asked for (`public/llms.txt`),
 * with a digest of what it found there, or null where there was no such file. While every one is
 * the same, the next build's grade is the same, and is taken over instead of graded again.
 */
export interface GradeInputs {
  /** The grader's code, the graded origin and the premium slugs. */
  key: string;
  files: [file: string, digest: string | null][];
}

/** What a build's output offers the grade: where its files are before the commit, and which it kept as they were. */
export interface GradedOutput {
  /** The folder the build writes into until its commit. */
  dir: string;
  locate(file: string): string | null;
  isKept(file: string): boolean;
  /** The previous build's grade and what it read, when it recorded both. */
  previousGrade: { report: GraderReport; inputs: GradeInputs } | undefined;
}

export function validGradeInputs(value: unknown): value is GradeInputs {
  if (typeof value !== 'object' || value === null) return false;
  const { key, files } = value as Partial<GradeInputs>;
  return (
    typeof key === 'string' &&
    Array.isArray(files) &&
    files.every(
      (entry) =>
        Array.isArray(entry) && typeof entry[0] === 'string' && (entry[1] === null || typeof entry[1] === 'string'),
    )
  );
}

function gradeKey(base: string, premium: ReadonlySet<string>): string {
  return createHash('sha256')
    .update(compilerKey())
    .update(JSON.stringify([base, [...premium].sort()]))
    .digest('hex');
}

/**
 * The worker data as a client without an access key meets it. The grader holds no key, so the
 * key-gated bodies of premium resources and the full corpus's totals (which change with every body
 * edit) cannot change its grade, and are left out of the digest.
 */
function keylessWorkerData(text: string): string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return text;
  }
  if (!isWorkerData(data)) return text;
  const { fullCorpusMeta: _full, premium, ...rest } = data;
  const previews = Object.entries(premium).map(([slug, entry]) => [slug, entry.preview, entry.paywall]);
  return JSON.stringify([rest, previews]);
}

/**
 * workerDataPath of emit/worker-data.ts, spelled out: the up-to-date check loads this file, and the
 * emitters that one imports are not to load before a build is known to be needed.
 */
const workerDataPath = 'worker/data/worker-data.json';

function digestOf(file: string, where: string): string {
  const bytes = fs.readFileSync(where);
  const seen = file === workerDataPath ? keylessWorkerData(bytes.toString('utf8')) : bytes;
  return createHash('sha256').update(seen).digest('hex');
}

/** True when every file the previous grade read is as it was: kept by this build, or rewritten with the same bytes. */
function stillHolds(inputs: GradeInputs, output: GradedOutput): boolean {
  return inputs.files.every(([file, digest]) => {
    const where = output.locate(file);
    if (where === null || digest === null) return where === null && digest === null;
    return output.isKept(file) || digestOf(file, where) === digest;
  });
}

/**
 * The readiness grade of a build's output, graded the way a static host with the worker in front
 * serves it, or taken over from the previous build when nothing the grade read has changed (a body
 * edit usually changes none of it). The grader loads only when it runs.
 */
export async function gradeOutput(
  output: GradedOutput,
  base: string,
  premium: ReadonlySet<string>,
): Promise<{ report: GraderReport; inputs: GradeInputs; kept: boolean }> {
  const key = gradeKey(base, premium);
  const previous = output.previousGrade;
  if (previous?.inputs.key === key && stillHolds(previous.inputs, output)) return { ...previous, kept: true };
  const [{ gradeSite }, { directoryFetcher }] = await Promise.all([
    import('../grader/grade.js'),
    import('../grader-node/directory-fetcher.js'),
  ]);
  const asked = new Map<string, string | null>();
  const locate = (site: string) => {
    const file = path.posix.normalize(`public${site}`);
    const where = output.locate(file);
    asked.set(file, where);
    return where;
  };
  const report = await gradeSite(base, directoryFetcher(path.join(output.dir, 'public'), premium, locate));
  const files = [...asked]
    .sort(([a], [b]) => byString(a, b))
    .map(([file, where]): [string, string | null] => [file, where === null ? null : digestOf(file, where)]);
  return { report, inputs: { key, files }, kept: false };
}
