import fs from 'node:fs';
import path from 'node:path';
import { createProblem, type Problem, type ProblemArgs } from '../errors/problem.js';
import { closestName } from '../util/closest-name.js';
import { displayPath } from '../util/paths.js';

/** Every setting of the `agentdir` key, in the order the hints list them. */
export const settingNames = ['content', 'out'] as const;
type SettingName = (typeof settingNames)[number];

/** The project's folders as its package.json names them (README: In your own project). */
export interface ProjectSettings {
  /** The nearest package.json from the working folder upwards; null when there is none. */
  file: string | null;
  /** Each setting given, as written (`values`) and resolved against the folder of `file` (`paths`). */
  values: Partial<Record<SettingName, string>>;
  paths: Partial<Record<SettingName, string>>;
  problems: Problem[];
}

/** The nearest package.json: the project npm itself works in, as `npx` found this CLI. */
function nearestPackageJson(cwd: string): string | null {
  for (let folder = path.resolve(cwd); ; folder = path.dirname(folder)) {
    const candidate = path.join(folder, 'package.json');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(folder) === folder) return null;
  }
}

const preview = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

/**
 * Reads the `agentdir` key of the nearest package.json, such as `{"content": "site", "out": "dist"}`:
 * one place for a project to name its folders, the way Prettier or Browserslist read theirs. Its
 * paths are relative to the package.json. Anything else in it is a problem, so a misspelt setting is
 * said rather than ignored.
 */
export function readProjectSettings(cwd = process.cwd()): ProjectSettings {
  const file = nearestPackageJson(cwd);
  const settings: ProjectSettings = { file, values: {}, paths: {}, problems: [] };
  if (!file) return settings;
  const shown = displayPath(file, cwd);
  const problem = (args: ProblemArgs<'InvalidSettings'>, field = '') =>
    settings.problems.push(createProblem('InvalidSettings', args, { file: shown, field }));
  let manifest: unknown;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    problem({ reason: 'json', detail: (error as Error).message });
    return settings;
  }
  const raw = (manifest as { agentdir?: unknown } | null)?.agentdir;
  if (raw === undefined) return settings;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    problem({ reason: 'not-object', got: preview(raw) }, 'agentdir');
    return settings;
  }
  for (const [name, value] of Object.entries(raw)) {
    const key = `agentdir.${name}`;
    if (!(settingNames as readonly string[]).includes(name))
      problem({ reason: 'unknown', key, near: closestName(name, settingNames), allowed: settingNames }, key);
    else if (typeof value !== 'string' || !value.trim()) problem({ reason: 'not-path', key, got: preview(value) }, key);
    else {
      settings.values[name as SettingName] = value;
      settings.paths[name as SettingName] = path.resolve(path.dirname(file), value);
    }
  }
  return settings;
}
