import fs from 'node:fs';
import path from 'node:path';
import type { Problem } from '../errors/problem.js';
import type { LearningPath } from './model.js';
import { readYamlFile } from './read-source.js';
import { validateAgainstSchema } from './schema-problems.js';
import type { YamlSource } from './source-file.js';

/** paths.yaml is optional: a directory without learning paths publishes an empty list. */
export async function loadPaths(
  dir: string,
): Promise<{ paths: LearningPath[]; source?: YamlSource; problems: Problem[] }> {
  const file = path.join(dir, 'paths.yaml');
  // lstat: a broken symlink is no missing file, and its read says what is wrong with it.
  if (!fs.lstatSync(file, { throwIfNoEntry: false })) return { paths: [], problems: [] };
  const read = await readYamlFile(dir, file);
  if (!read.source) return { paths: [], problems: read.problems };
  const problems = validateAgainstSchema(read.source, 'paths', 'paths.yaml');
  if (problems.length) return { paths: [], source: read.source, problems };
  return { paths: (read.source.data as { paths: LearningPath[] }).paths, source: read.source, problems: [] };
}
