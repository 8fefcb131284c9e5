import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import type { Problem } from '../errors/problem.js';
import { byString } from '../util/compare.js';
import { checkContentFile, decodeContentText, readCheckedContent, type RealFolders } from './content-file.js';
import { fileProblem } from './file-problem.js';
import { splitFrontMatter } from './front-matter.js';
import { nestingProblem, yamlTooDeep } from './nesting-limit.js';
import { maxSkillDescriptionLength, maxSkillNameLength, skillNameOf, skillNamePattern } from './skill-name.js';
import type { Site } from './model.js';
import { parseYamlSource, positionOf, type YamlSource } from './source-file.js';

/** One file of a skill, by its path inside the skill folder (`SKILL.md`, `references/terms.md`). */
export interface SkillFile {
  path: string;
  bytes: Buffer;
}

/** A skill of the site's `skills/` folder (README: Agent skills), as the Agent Skills format defines one. */
export interface AuthoredSkill {
  name: string;
  description: string;
  /** Its SKILL.md, to locate problems. */
  file: string;
  source: YamlSource;
  /** SKILL.md first (its text normalised as every content file is), then the rest as they are, by path. */
  files: SkillFile[];
}

export interface LoadedSkills {
  skills: AuthoredSkill[];
  problems: Problem[];
}

/**
 * Reads `skills/<name>/` of the content folder `dir`: each folder a skill with a SKILL.md and any
 * files beside it. Every file goes through the same checks as other content (a regular file inside
 * the content folder, of a sane size), so a link out of the folder is refused unread.
 */
export async function loadSkills(dir: string): Promise<LoadedSkills> {
  const root = path.join(dir, 'skills');
  if (!fs.statSync(root, { throwIfNoEntry: false })?.isDirectory()) return { skills: [], problems: [] };
  const folders: RealFolders = new Map();
  const problems: Problem[] = [];
  const skills: AuthoredSkill[] = [];
  const skillFolders = (await fg('*', { cwd: root, onlyDirectories: true })).sort(byString);
  for (const folder of skillFolders) {
    const loaded = loadSkill(dir, path.join(root, folder), folder, folders);
    problems.push(...loaded.problems);
    if (loaded.skill) skills.push(loaded.skill);
  }
  return { skills, problems };
}

function loadSkill(
  dir: string,
  skillDir: string,
  folder: string,
  folders: RealFolders,
): { skill?: AuthoredSkill; problems: Problem[] } {
  const skillFile = path.join(skillDir, 'SKILL.md');
  if (!fs.lstatSync(skillFile, { throwIfNoEntry: false }))
    return { problems: [fileProblem(skillDir, 'MissingFile', { missing: 'SKILL.md', skill: folder })] };
  const problems: Problem[] = [];
  const files: SkillFile[] = [];
  // Every entry, not only regular files: a pipe or a broken link in a skill is a problem to report.
  const entries = fg
    .sync('**/*', { cwd: skillDir, onlyFiles: false, markDirectories: true, dot: true })
    .filter((entry) => !entry.endsWith('/'))
    .sort(byString);
  for (const entry of entries) {
    const file = path.join(skillDir, entry);
    const check = checkContentFile(dir, file, folders);
    if ('problem' in check) {
      problems.push(check.problem);
      continue;
    }
    const read = readCheckedContent(file, { dev: check.stat.dev, ino: check.stat.ino });
    if (!read.ok) problems.push(read.problem);
    else files.push({ path: entry.split(path.sep).join('/'), bytes: read.bytes });
  }
  const skillMd = files.find((entry) => entry.path === 'SKILL.md');
  if (!skillMd) return { problems };
  const decoded = decodeContentText(skillFile, skillMd.bytes);
  if (!decoded.ok) return { problems: [...problems, decoded.problem] };
  skillMd.bytes = Buffer.from(decoded.text);
  const front = skillFrontMatter(skillFile, decoded.text, folder);
  problems.push(...front.problems);
  if (!front.fields || problems.length) return { problems };
  const rest = files.filter((entry) => entry !== skillMd);
  return { skill: { ...front.fields, file: skillFile, files: [skillMd, ...rest] }, problems };
}

/** The `name` and `description` of a SKILL.md, checked as the Agent Skills format states them. */
function skillFrontMatter(
  file: string,
  text: string,
  folder: string,
): { fields?: { name: string; description: string; source: YamlSource }; problems: Problem[] } {
  const split = splitFrontMatter(text);
  if (!split.ok) {
    const code = split.reason === 'missing' ? 'FrontMatterMissing' : 'FrontMatterUnclosed';
    return { problems: [fileProblem(file, code, {}, { line: 1, column: 1 })] };
  }
  const { yaml, yamlLineOffset } = split.value;
  const deep = yamlTooDeep(yaml);
  if (deep) return { problems: [nestingProblem(file, 'YAML', deep, yamlLineOffset)] };
  const { source, syntaxErrors } = parseYamlSource(file, text, yaml, yamlLineOffset);
  if (syntaxErrors.length)
    return {
      problems: syntaxErrors.map((error) => fileProblem(file, 'YamlSyntax', { parserMessage: error.message }, error)),
    };
  const data = (source.data && typeof source.data === 'object' ? source.data : {}) as Record<string, unknown>;
  const at = (field: string) => ({ ...positionOf(source, [field]), field });
  const problems: Problem[] = [];
  const { name, description } = data;
  if (typeof name !== 'string' || !name)
    problems.push(fileProblem(file, 'InvalidSkillName', { reason: 'missing' }, { line: 1, column: 1, field: 'name' }));
  else if (name.length > maxSkillNameLength)
    problems.push(
      fileProblem(
        file,
        'InvalidSkillName',
        { reason: 'length', length: name.length, limit: maxSkillNameLength },
        at('name'),
      ),
    );
  else if (!skillNamePattern.test(name))
    problems.push(fileProblem(file, 'InvalidSkillName', { reason: 'format', name }, at('name')));
  else if (name !== folder)
    problems.push(fileProblem(file, 'InvalidSkillName', { reason: 'folder', name, folder }, at('name')));
  if (typeof description !== 'string' || !description.trim())
    problems.push(
      fileProblem(file, 'InvalidSkillDescription', { reason: 'missing' }, { line: 1, column: 1, field: 'description' }),
    );
  else if (description.length > maxSkillDescriptionLength)
    problems.push(
      fileProblem(
        file,
        'InvalidSkillDescription',
        { reason: 'length', length: description.length, limit: maxSkillDescriptionLength },
        at('description'),
      ),
    );
  if (problems.length) return { problems };
  return { fields: { name: name as string, description: description as string, source }, problems };
}

/** An authored skill named like the one generated from site.yaml (src/emit/skills.ts) would shadow it when installed. */
export function generatedSkillClash(site: Site, skills: AuthoredSkill[]): Problem[] {
  if (!site.discovery.skills) return [];
  const generated = generatedSkillName(site);
  return skills
    .filter((skill) => skill.name === generated)
    .map((skill) =>
      fileProblem(
        skill.file,
        'DuplicateSkillName',
        { name: skill.name },
        { ...positionOf(skill.source, ['name']), field: 'name' },
      ),
    );
}

/** The name of the skill that teaches agents to use the site: its name as a skill name. */
export function generatedSkillName(site: Pick<Site, 'name'>): string {
  return skillNameOf(site.name);
}
